import type { APIRequestContext, Page } from "@playwright/test";
import { consultantWithHours } from "./support/appointments";
import { expect, test, unique } from "./support/fixtures";

/**
 * A record edited through its form is found by its new value at once, in its list and in the header's
 * search (Ctrl+K), and no longer by the value it lost.
 */

async function addAppUser(request: APIRequestContext, headers: Record<string, string>, userName: string) {
  const response = await request.post("/api/v2/User/adduser", {
    headers,
    multipart: {
      UserName: userName,
      Email: `${userName}@example.com`,
      FirstName: "Edited",
      LastName: "Balistreri",
      PhoneNumber: "+92 300 7654321",
      DateOfBirth: "1990-01-01",
      cnic: `35202-${String(Date.now()).slice(-7)}-7`,
      Address: "1 Mall Road",
      Password: "edited-customer-password",
    },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as { guidId: string };
}

async function headerSearch(page: Page, term: string) {
  await page.keyboard.press("Control+K");
  const dialog = page.getByRole("dialog", { name: "Search" });
  const input = dialog.getByRole("combobox", { name: /Search consultants, app users/ });
  await expect(input).toBeFocused();
  await input.fill(term);
  return dialog;
}

test("a consultant renamed in the form is found by the new name in the list and Ctrl+K, not by the old one", async ({
  page,
  request,
  adminAuth,
}) => {
  const u = unique();
  const consultant = await consultantWithHours(request, adminAuth, `Christ Balistreri ${u}`);

  await page.goto(`/edit-user/${consultant.guidId}`);
  const name = page.getByRole("textbox", { name: /^Name/ });
  await expect(name).toHaveValue(consultant.name);
  await name.fill(`Christopher Quixote${u}`);
  await page.getByLabel("Business Name").fill("Quixote Partners");
  await page.getByRole("button", { name: "Update Consultant" }).click();
  await expect(page.getByText("Consultant updated successfully")).toBeVisible();

  await page.goto(`/users?search=${encodeURIComponent(`Quixote${u}`)}`);
  await page.getByRole("tab", { name: "Table view" }).click();
  const rows = page.getByRole("table").getByRole("row");
  await expect(rows.filter({ hasText: `Christopher Quixote${u}` })).toHaveCount(1);

  await page.getByRole("searchbox", { name: "Search Consultants..." }).fill(`Christ Balistreri ${u}`);
  await expect(page.getByText(/No Consultants found/)).toBeVisible();

  const dialog = await headerSearch(page, `Quixote${u}`);
  await expect(
    dialog.getByRole("group", { name: /^Consultants · 1 consultant/ }).getByRole("option", {
      name: new RegExp(`Christopher Quixote${u}`),
    }),
  ).toBeVisible();
});

test("an app user whose last name changed in the form is found by it in the list and Ctrl+K", async ({
  page,
  request,
  adminAuth,
}) => {
  const userName = `renamed${unique()}`;
  const appUser = await addAppUser(request, adminAuth.headers, userName);
  const lastName = `Quixote${userName.slice(-6)}`;

  await page.goto(`/edit-app-user/${appUser.guidId}`);
  const field = page.getByRole("textbox", { name: /^Last Name/ });
  await expect(field).toHaveValue("Balistreri");
  await field.fill(lastName);
  await page.getByRole("button", { name: "Update App User" }).click();
  await expect(page.getByText("AppUser updated successfully!")).toBeVisible();

  await page.goto(`/app-users?search=${encodeURIComponent(lastName)}`);
  await page.getByRole("tab", { name: "Table view" }).click();
  await expect(page.getByRole("table").getByRole("row").filter({ hasText: userName })).toHaveCount(1);

  const dialog = await headerSearch(page, lastName);
  await expect(
    dialog
      .getByRole("group", { name: /^App users · 1 app user/ })
      .getByRole("option", { name: new RegExp(userName) }),
  ).toBeVisible();
});
