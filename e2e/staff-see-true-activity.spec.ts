import type { APIRequestContext, Page } from "@playwright/test";
import { activeStaff, signedOutPage, signInAs } from "./support/accounts";
import { consultantWithHours } from "./support/appointments";
import { expect, expectNoA11yViolations, sentMails, test, unique } from "./support/fixtures";

type Auth = { headers: Record<string, string> };
const PHONE_MESSAGE = "Enter a phone number, such as +92 300 1234567";

/** An app user added the way the App Users screen adds one. */
async function appUser(request: APIRequestContext, auth: Auth) {
  const u = unique();
  const digits = String(Date.now()).slice(-7);
  const response = await request.post("/api/v2/User/adduser", {
    ...auth,
    multipart: {
      UserName: `rida${u}`,
      Email: `rida.${u}@example.com`,
      FirstName: "Rida",
      LastName: `Malik${u}`,
      PhoneNumber: "+92 300 7654321",
      DateOfBirth: "1992-02-02",
      cnic: `35205-${digits}-7`,
      Address: "3 Canal Road, Faisalabad",
      Password: "rida-password-1",
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { guidId: string; email: string; userName: string };
}

const failSignIn = (request: APIRequestContext, email: string) =>
  request.post("/api/v2/connect/verify-login", { data: { email, password: "not-the-password" } });

const searchBox = (page: Page) => page.getByRole("searchbox", { name: "Search activity" });
const activityRows = (page: Page) => page.getByRole("table", { name: "Activity" }).getByRole("row");

test("Activity names the record and the person, links them, and keeps its filters and search in the address", async ({
  page,
  request,
  adminAuth,
}) => {
  const name = `Farah ${unique()}`;
  const consultant = await consultantWithHours(request, adminAuth, name);

  await page.goto("/activity");
  await searchBox(page).fill(name);
  await expect(page).toHaveURL(new RegExp(`search=${encodeURIComponent(name).replace(/%20/g, "\\+")}`));
  const row = activityRows(page).filter({ hasText: "Created" }).first();
  const record = row.getByRole("link", { name: `Consultant: ${name} (${name} Visa Services)` });
  await expect(record).toBeVisible();
  // Who did it is named and leads to their account.
  await expect(row.getByRole("link", { name: "admin" })).toHaveAttribute(
    "href",
    /^\/internal-users\/[0-9a-f-]{36}$/,
  );
  await expectNoA11yViolations(page);

  // A filter goes into the address too: reload and Back keep the view.
  await page.getByRole("combobox", { name: "Action" }).click();
  await page.getByRole("option", { name: "created", exact: true }).click();
  await expect(page).toHaveURL(/action=create/);
  await page.reload();
  await expect(searchBox(page)).toHaveValue(name);
  await expect(page.getByRole("combobox", { name: "Action" })).toHaveValue("created");
  await expect(activityRows(page).filter({ hasText: name })).toHaveCount(1);

  await record.click();
  await expect(page).toHaveURL(new RegExp(`/edit-user/${consultant.guidId}$`));
  await page.goBack();
  await expect(page).toHaveURL(/action=create/);
  await expect(searchBox(page)).toHaveValue(name);
});

test("Activity names a failed sign-in by the name typed and the address it came from", async ({
  page,
  request,
}) => {
  const typed = `nobody.${unique()}@e2e.test`;
  expect((await failSignIn(request, typed)).status()).toBe(401);
  await page.goto(`/activity?search=${encodeURIComponent(typed)}`);
  const row = activityRows(page).filter({ hasText: "Signing in as" });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(`Signing in as “${typed}”`);
  await expect(row).toContainText(/from \S+/);
  await expect(row).not.toContainText("System");
});

test("an app user's reset link from staff opens the customer site, where the new password is chosen", async ({
  browser,
  request,
  adminAuth,
}) => {
  const customer = await appUser(request, adminAuth);
  const sent = await request.post(`/api/v2/User/users/${customer.guidId}/send-password-reset`, adminAuth);
  expect(sent.status()).toBe(200);
  let link = "";
  await expect(async () => {
    const mails = sentMails().filter((mail) => mail.includes(`To: ${customer.email}\n`));
    link = mails.flatMap((mail) => mail.match(/\/book\/reset-password\?token=[\w-]+/g) ?? []).pop() ?? "";
    expect(link).not.toBe("");
  }).toPass({ timeout: 10_000 });

  const page = await signedOutPage(browser);
  await page.goto(link);
  await page.getByLabel("New password", { exact: true }).fill("Customer-New-Pass-9");
  await page.getByLabel("Confirm the new password").fill("Customer-New-Pass-9");
  await page.getByRole("button", { name: "Save the new password" }).click();
  await expect(page.getByText("Your password is changed. Sign in with it.")).toBeVisible();
  await expect(page).toHaveURL(/\/book\/reset-password/);
  await expectNoA11yViolations(page);
  // The new password works where customers sign in.
  const signIn = await request.post("/api/customer/v1/auth/sign-in", {
    data: { email: customer.email, password: "Customer-New-Pass-9", deviceName: "Phone" },
  });
  expect(signIn.status(), await signIn.text()).toBe(200);
  await page.close();
});

test("Internal Users shows Locked and offers Unlock and Reset two-factor only where they apply", async ({
  page,
  request,
  adminAuth,
}) => {
  const locked = await activeStaff(request, adminAuth.headers);
  const calm = await activeStaff(request, adminAuth.headers);
  for (let i = 0; i < 10; i += 1) expect((await failSignIn(request, locked.email)).status()).toBe(401);

  await page.goto(`/internal-users?search=${locked.userName}`);
  const table = page.getByRole("table", { name: "Internal Users" });
  await expect(table.getByRole("row").nth(1).getByText("Locked", { exact: true })).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole("button", { name: `Actions for ${locked.userName}` }).click();
  await expect(page.getByRole("menuitem", { name: "Unlock sign-in" })).toBeVisible();
  await expect(page.getByRole("menuitem", { name: "Reset two-factor" })).toHaveCount(0);
  await page.keyboard.press("Escape");

  await page.goto(`/internal-users?search=${calm.userName}`);
  await expect(table.getByRole("row").nth(1)).toContainText(calm.userName);
  await expect(table.getByText("Locked", { exact: true })).toHaveCount(0);
  await page.getByRole("button", { name: `Actions for ${calm.userName}` }).click();
  await expect(page.getByRole("menuitem", { name: "Sign out everywhere" })).toBeVisible();
  await expect(page.getByRole("menuitem", { name: "Unlock sign-in" })).toHaveCount(0);
  await expect(page.getByRole("menuitem", { name: "Reset two-factor" })).toHaveCount(0);
});

test("an internal account's name opens its page: details, sign-in state and actions for an Admin, details for Staff", async ({
  page,
  request,
  adminAuth,
  browser,
}) => {
  const locked = await activeStaff(request, adminAuth.headers);
  for (let i = 0; i < 10; i += 1) expect((await failSignIn(request, locked.email)).status()).toBe(401);

  await page.goto(`/internal-users?search=${locked.userName}`);
  await page.getByRole("link", { name: locked.userName, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/internal-users/${locked.guidId}$`));
  await expect(page.getByRole("heading", { name: "Internal User" })).toBeVisible();
  const details = page.getByRole("tabpanel", { name: "Details" });
  await expect(details.getByText(locked.email)).toBeVisible();
  await expect(details.getByText("Locked", { exact: true })).toBeVisible();
  await expect(details.getByText("Not set up")).toBeVisible();
  await expectNoA11yViolations(page);
  await page.emulateMedia({ colorScheme: "dark" });
  await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", "dark");
  await expectNoA11yViolations(page);

  // The list's actions act here too, and the page follows them.
  await page.getByRole("button", { name: `Actions for ${locked.userName}` }).click();
  await page.getByRole("menuitem", { name: "Unlock sign-in" }).click();
  await expect(details.getByText("Locked", { exact: true })).toHaveCount(0);
  await page.getByRole("tab", { name: "History" }).click();
  await expect(page.getByRole("tabpanel", { name: "History" })).toContainText(/approve/i);

  // Staff read the details only: no sign-in state, no actions, no other account's history.
  const staff = await activeStaff(request, adminAuth.headers);
  const staffPage = await (
    await browser.newContext({ storageState: { cookies: [], origins: [] } })
  ).newPage();
  await signInAs(staffPage, staff);
  await staffPage.goto(`/internal-users/${locked.guidId}`);
  await expect(staffPage.getByText(locked.email)).toBeVisible();
  await expect(staffPage.getByText("Two-factor")).toHaveCount(0);
  await expect(staffPage.getByRole("tab", { name: "History" })).toHaveCount(0);
  await expect(staffPage.getByRole("button", { name: `Actions for ${locked.userName}` })).toHaveCount(0);
  await staffPage.close();
});

test("an app user's and my own phone must be a phone number, said beside the field", async ({
  page,
  request,
  adminAuth,
}) => {
  const customer = await appUser(request, adminAuth);
  await page.goto(`/edit-app-user/${customer.guidId}`);
  const phone = page.getByRole("textbox", { name: "Phone Number", exact: true });
  await phone.fill("xyz");
  await page.getByRole("button", { name: "Update App User" }).click();
  await expect(phone).toHaveAccessibleDescription(new RegExp(PHONE_MESSAGE.replace("+", "\\+")));
  await expect(phone).toHaveAttribute("aria-invalid", "true");
  await expectNoA11yViolations(page);

  await page.goto("/settings");
  const mine = page.getByRole("textbox", { name: "Phone", exact: true });
  await mine.fill("call me");
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(mine).toHaveAccessibleDescription(new RegExp(PHONE_MESSAGE.replace("+", "\\+")));
});
