import type { APIRequestContext } from "@playwright/test";
import { consultantWithHours, daysAhead } from "./support/appointments";
import { expect, expectNoA11yViolations, test, unique } from "./support/fixtures";

/**
 * Appointments survive edits of the people they belong to: a consultant's time zone change is confirmed
 * with the local times it shows them at, and an app user's delete decides the fate of their bookings.
 */

type Headers = Record<string, string>;

async function book(
  request: APIRequestContext,
  headers: Headers,
  booking: { consultantId: string; appointmentDate: string; appointmentTime: string; userid?: string },
) {
  const response = await request.post("/api/v2/userAppointment", {
    headers,
    data: { ...booking, description: "Spouse visa interview" },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as { guidId: string; startsAt: string };
}

/** "10:00" of an instant in a zone, as the dialog shows it. */
const clockIn = (instant: string, timeZone: string) =>
  new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone }).format(
    new Date(instant),
  );

test("a time zone change lists the upcoming appointments with their old and new local times before saving", async ({
  page,
  request,
  adminAuth,
}) => {
  const consultant = await consultantWithHours(request, adminAuth, `Zoned ${unique()}`);
  const update = await request.put("/api/v2/Consultants/update", {
    ...adminAuth,
    multipart: {
      GuidId: consultant.guidId,
      Name: consultant.name,
      BusinessName: `${consultant.name} Visa Services`,
      ContactEmail: "zoned@example.com",
      PhoneNumber: "+92 300 1234567",
      TimeZone: "Asia/Karachi",
    },
  });
  expect(update.status()).toBe(200);
  const booked = await book(request, adminAuth.headers, {
    consultantId: consultant.guidId,
    appointmentDate: daysAhead(12),
    appointmentTime: "10:00",
  });
  const london = clockIn(booked.startsAt, "Europe/London");

  await page.goto(`/edit-user/${consultant.guidId}`);
  const zone = page.getByRole("combobox", { name: "Time zone" });
  await zone.click();
  await zone.fill("Europe/London");
  await page.getByRole("option", { name: "Europe/London", exact: true }).click();
  await page.getByRole("button", { name: "Update Consultant" }).click();

  const dialog = page.getByRole("dialog", { name: "Change the time zone?" });
  const row = dialog.getByRole("row").filter({ hasText: "10:00" });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(london);
  await expect(dialog).toHaveCSS("opacity", "1");
  await expectNoA11yViolations(page);
  await dialog.getByRole("button", { name: "Change time zone" }).click();
  await expect(page.getByText("Consultant updated successfully")).toBeVisible();

  const after = await request.get(`/api/v2/userAppointment/${booked.guidId}`, adminAuth);
  expect(await after.json()).toMatchObject({
    startsAt: booked.startsAt,
    appointmentTime: `${london}:00`,
    timeZone: "Europe/London",
  });
});

test("deleting an app user with a pending appointment asks what happens to it, and keeps it flagged", async ({
  page,
  request,
  adminAuth,
}) => {
  const u = unique();
  const created = await request.post("/api/v2/User/adduser", {
    ...adminAuth,
    multipart: {
      UserName: `leaving${u}`,
      Email: `leaving.${u}@example.com`,
      FirstName: "Sana",
      LastName: `Leaving ${u}`,
      PhoneNumber: "+92 321 7654321",
      DateOfBirth: "1990-04-12",
      cnic: `35202-${String(Date.now()).slice(-7)}-${u.length % 10}`,
      Address: "12 Mall Road, Lahore",
      Password: `Leaving-${u}-passphrase`,
    },
  });
  expect(created.status()).toBe(201);
  const user = (await created.json()) as { guidId: string; userName: string; email: string };
  const consultant = await consultantWithHours(request, adminAuth, `Kept ${u}`);
  const booked = await book(request, adminAuth.headers, {
    consultantId: consultant.guidId,
    userid: user.guidId,
    appointmentDate: daysAhead(9),
    appointmentTime: "12:30",
  });

  await page.goto("/app-users");
  await page.getByPlaceholder("Search App Users...").fill(user.userName);
  await page.getByRole("tab", { name: "Table view" }).click();
  await page.getByRole("button", { name: `Actions for ${user.userName}` }).click();
  await page.getByRole("menuitem", { name: "Delete" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete App User" });
  await expect(dialog.getByText("Are you sure you want to delete this app user?")).toBeVisible();
  await expect(
    dialog.getByText("This app user has 1 upcoming appointment that is not cancelled."),
  ).toBeVisible();
  const remove = dialog.getByRole("button", { name: "Delete", exact: true });
  await expect(remove).toBeDisabled();
  await dialog.getByRole("radio", { name: 'Keep them, flagged "customer removed"' }).check();
  await expect(page.getByRole("menu")).toBeHidden();
  await expect(dialog).toHaveCSS("opacity", "1");
  await expectNoA11yViolations(page);
  await remove.click();
  await expect(
    page.getByText('AppUser deleted; 1 upcoming appointment kept, flagged "customer removed"'),
  ).toBeVisible();

  // The kept appointment names its customer as deleted.
  await page.goto(`/user-appointments?consultant=${consultant.guidId}`);
  const row = page.getByRole("table", { name: "User appointments" }).getByRole("row").filter({
    hasText: "Spouse visa interview",
  });
  await expect(row.getByText(`${user.email} (deleted)`)).toBeVisible();
  const after = await request.get(`/api/v2/userAppointment/${booked.guidId}`, adminAuth);
  expect(await after.json()).toMatchObject({ customerDeleted: true, isCancelled: false });
});
