import type { APIRequestContext, Page } from "@playwright/test";
import { expect, expectNoA11yViolations, sentMails, test, unique } from "./support/fixtures";

/**
 * Deleting a consultant decides the fate of its upcoming appointments, a deleted consultant is named as
 * such in the appointments list and its filter, and an Admin restores it from the Deleted filter.
 */

async function addConsultant(request: APIRequestContext, headers: Record<string, string>, name: string) {
  const response = await request.post("/api/v2/Consultants/register", {
    headers,
    multipart: {
      Name: name,
      BusinessName: "Departing Visas",
      ContactEmail: "departing@example.com",
      PhoneNumber: "+1 555 0101",
      IsApproved: "true",
      IsPremium: "false",
    },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as { guidId: string; name: string };
}

let dayOffset = 10;
async function book(request: APIRequestContext, headers: Record<string, string>, consultantId: string) {
  dayOffset += 1;
  const date = new Date(Date.now() + dayOffset * 86_400_000).toISOString().slice(0, 10);
  const response = await request.post("/api/v2/userAppointment", {
    headers,
    data: {
      consultantId,
      appointmentDate: date,
      appointmentTime: "11:30",
      description: "Family visa documents check",
      isConfirmed: true,
    },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as { guidId: string };
}

const appointmentsTable = (page: Page) => page.getByRole("table", { name: "User appointments" });

test("deleting a consultant with 'cancel upcoming appointments' cancels them with the reason", async ({
  page,
  request,
  adminAuth,
}) => {
  const consultant = await addConsultant(request, adminAuth.headers, `Cancelling ${unique()}`);
  await book(request, adminAuth.headers, consultant.guidId);

  await page.goto(`/delete-user/${consultant.guidId}`);
  await expect(
    page.getByText("This consultant has 1 upcoming appointment that is not cancelled."),
  ).toBeVisible();
  const remove = page.getByRole("button", { name: "Delete", exact: true });
  await expect(remove).toBeDisabled();
  await page.getByRole("radio", { name: "Cancel upcoming appointments" }).check();
  // A reason is needed: it goes to the customers.
  await remove.click();
  await expect(page.getByText("Give a reason: it is sent to the customers")).toBeVisible();
  const reason = `The consultant closed the office ${unique()}`;
  await page.getByRole("textbox", { name: "Reason for the cancellation" }).fill(reason);
  await expectNoA11yViolations(page);
  await remove.click();
  await expect(
    page.getByText("Consultant deleted; 1 upcoming appointment cancelled and the customers notified"),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/users$/);

  await page.goto(`/user-appointments?consultant=${consultant.guidId}`);
  const row = appointmentsTable(page).getByRole("row").filter({ hasText: "Family visa documents check" });
  await expect(row).toHaveCount(1);
  await expect(row.getByText("Cancelled")).toBeVisible();
  await expect(row.getByText(`${consultant.name} (deleted)`)).toBeVisible();
  // The customer's mail carries the reason.
  await expect.poll(() => sentMails().some((mail) => mail.includes(`Reason: ${reason}`))).toBe(true);
});

test("a deleted consultant's name shows as deleted in the appointments list and its filter", async ({
  page,
  request,
  adminAuth,
}) => {
  const consultant = await addConsultant(request, adminAuth.headers, `Keeping ${unique()}`);
  await book(request, adminAuth.headers, consultant.guidId);
  const removed = await request.delete(`/api/v2/Consultants/${consultant.guidId}?appointments=keep`, {
    headers: adminAuth.headers,
  });
  expect(removed.status()).toBe(200);

  await page.goto(`/user-appointments?consultant=${consultant.guidId}`);
  const row = appointmentsTable(page).getByRole("row").filter({ hasText: "Family visa documents check" });
  await expect(row.getByText(`${consultant.name} (deleted)`)).toBeVisible();
  await expect(row.getByText("Confirmed")).toBeVisible();
  // The filter says whom it filters by, not "All consultants".
  await expect(page.getByRole("combobox", { name: "Consultant filter" })).toHaveValue(
    `${consultant.name} (deleted)`,
  );
  await expectNoA11yViolations(page);
});

test("an Admin finds a deleted consultant under the Deleted filter and restores it", async ({
  page,
  request,
  adminAuth,
}) => {
  const consultant = await addConsultant(request, adminAuth.headers, `Restorable ${unique()}`);
  await book(request, adminAuth.headers, consultant.guidId);
  const removed = await request.delete(
    `/api/v2/Consultants/${consultant.guidId}?appointments=cancel&reason=Mistake`,
    { headers: adminAuth.headers },
  );
  expect(removed.status()).toBe(200);

  await page.goto(`/users?search=${encodeURIComponent(consultant.name)}`);
  await expect(page.getByText("No Consultants found matching your search")).toBeVisible();
  await page.getByText("Deleted", { exact: true }).click();
  await expect(page).toHaveURL(/show=deleted/);
  const deletedTable = page.getByRole("table", { name: "Deleted consultants" });
  const row = deletedTable.getByRole("row").filter({ hasText: consultant.name });
  await expect(row).toBeVisible();
  await expectNoA11yViolations(page);

  await row.getByRole("button", { name: `Restore ${consultant.name}` }).click();
  await expect(
    page.getByText(
      "Consultant restored with its timings and addresses. 1 appointment cancelled by the delete stays cancelled",
    ),
  ).toBeVisible();
  await expect(deletedTable.getByRole("row").filter({ hasText: consultant.name })).toHaveCount(0);

  await page.getByText("Active", { exact: true }).click();
  await expect(
    page.getByRole("table", { name: "Consultants" }).getByRole("row").filter({ hasText: consultant.name }),
  ).toBeVisible();
});

test("an Admin restores a deleted app user from the Deleted filter", async ({ page, request, adminAuth }) => {
  const tag = unique();
  const created = await request.post("/api/v2/User/adduser", {
    headers: adminAuth.headers,
    multipart: {
      UserName: `restored${tag}`,
      Email: `restored${tag}@example.com`,
      FirstName: "Rida",
      LastName: "Haider",
      PhoneNumber: "+92 300 4444444",
      DateOfBirth: "1993-03-03",
      cnic: `35202-${String(Date.now()).slice(-7)}-${Math.floor(Math.random() * 10)}`,
      Address: "4 Garden Town",
      Password: "restored-password-long",
    },
  });
  expect(created.status()).toBe(201);
  const { guidId } = (await created.json()) as { guidId: string };
  expect(
    (await request.delete(`/api/v2/User/users/${guidId}`, { headers: adminAuth.headers })).status(),
  ).toBe(200);

  await page.goto(`/app-users?show=deleted&search=restored${tag}`);
  const row = page
    .getByRole("table", { name: "Deleted app users" })
    .getByRole("row")
    .filter({ hasText: `restored${tag}` });
  await expect(row).toBeVisible();
  await expectNoA11yViolations(page);
  await row.getByRole("button", { name: `Restore restored${tag}` }).click();
  await expect(
    page.getByText("AppUser restored. Sessions ended by the delete stay ended: the app user signs in again"),
  ).toBeVisible();
  await page.goto(`/app-users?search=restored${tag}`);
  await expect(
    page
      .getByRole("table", { name: "App Users" })
      .getByRole("row")
      .filter({ hasText: `restored${tag}` }),
  ).toBeVisible();
});
