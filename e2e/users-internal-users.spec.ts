import type { APIRequestContext } from "@playwright/test";
import { signInAs } from "./support/accounts";
import { BASE_URL } from "./support/env";
import { expect, expectNoA11yViolations, test, unique } from "./support/fixtures";

/** A registration through the public register call: an internal account waiting for an Admin. */
async function register(request: APIRequestContext, u: string) {
  const account = {
    UserName: `nadia${u}`,
    Email: `nadia${u}@example.com`,
    FirstName: "Nadia",
    LastName: `Shah${u}`,
    PhoneNumber: "+92 333 1112223",
    Password: "nadia-password-1",
  };
  const response = await request.post("/api/v2/connect/register", { multipart: account });
  expect(response.status()).toBe(201);
  return account;
}

const signIn = (request: APIRequestContext, email: string, password: string) =>
  request.post("/api/v2/connect/verify-login", { data: { email, password } });

test("internal users are read-only; an Admin approves a pending registration, which then signs in", async ({
  page,
  request,
}) => {
  const u = unique();
  const account = await register(request, u);
  expect((await signIn(request, account.Email, account.Password)).status()).toBe(403);

  await page.goto("/internal-users");
  await expect(page.getByRole("heading", { name: "Internal Users", level: 2 })).toBeVisible();
  const table = page.getByRole("table", { name: "Internal Users" });
  await expect(table.getByRole("columnheader")).toHaveText([
    "Internal User",
    "Email",
    "Full Name",
    "Phone",
    "CNIC",
  ]);
  // The first Admin is listed; internal users have no Edit, Delete or add button, and an Admin has no
  // actions on their own account here (that is My account).
  await page.getByPlaceholder("Search Internal Users...").fill("admin@e2e.test");
  await expect(table.getByRole("row")).toHaveCount(2);
  await expect(page.getByRole("button", { name: /^(Edit|Delete|Actions for)/ })).toHaveCount(0);
  await expect(page.getByRole("link", { name: /Add/ })).toHaveCount(0);
  await expectNoA11yViolations(page);

  await page.getByPlaceholder("Search Internal Users...").fill(account.UserName);
  const row = table.getByRole("row").nth(1);
  await expect(row).toContainText(account.UserName);
  await expect(row).toContainText(account.Email);
  await expect(row).toContainText(`Nadia Shah${u}`);
  await expect(row).toContainText("+92 333 1112223");
  await expect(row).toContainText("N/A");
  const badge = row.getByText("Pending approval");
  await expect(badge).toBeVisible();
  // Its whole word shows, not a dot squeezed by the Approve and Reject buttons beside it.
  await expect.poll(() => badge.evaluate((label) => label.scrollWidth - label.clientWidth)).toBe(0);
  await expectNoA11yViolations(page);

  await page.getByRole("tab", { name: "Grid view" }).click();
  const card = page.getByRole("list", { name: "Internal Users" }).getByRole("listitem").first();
  await expect(card).toContainText(`@${account.UserName}`);
  await expect(card.getByText("Pending approval")).toBeVisible();
  await expectNoA11yViolations(page);

  await card.getByRole("button", { name: `Approve ${account.UserName}` }).click();
  await expect(page.getByText("Account approved: the user can now sign in")).toBeVisible();
  await expect(card.getByText("Pending approval")).toBeHidden();
  await expect(card.getByRole("button", { name: `Approve ${account.UserName}` })).toHaveCount(0);

  const approved = await signIn(request, account.Email, account.Password);
  expect(approved.status()).toBe(200);
  expect((await approved.json()).user.roles).toEqual(["Staff"]);
});

test("an Admin unlocks the sign-in of an account that failed attempts locked", async ({ page, request }) => {
  const u = unique();
  const account = await register(request, u);
  await page.goto(`/internal-users?search=${account.UserName}`);
  await page.getByRole("button", { name: `Approve ${account.UserName}` }).click();
  await expect(page.getByText("Account approved: the user can now sign in")).toBeVisible();
  for (let i = 0; i < 10; i += 1) {
    expect((await signIn(request, account.Email, `wrong-password-${i}`)).status()).toBe(401);
  }
  const locked = await signIn(request, account.Email, account.Password);
  expect(locked.status()).toBe(429);
  expect((await locked.json()).message).toBe("Too many failed sign-in attempts. Try again in 15 minutes.");

  // Unlock is offered only for a locked account: the list is read again to show the lock.
  await page.reload();
  await page.getByRole("button", { name: `Actions for ${account.UserName}` }).click();
  await page.getByRole("menuitem", { name: "Unlock sign-in" }).click();
  await expect(
    page.getByText("Sign-in unlocked: failed attempts against this account no longer count"),
  ).toBeVisible();
  expect((await signIn(request, account.Email, account.Password)).status()).toBe(200);
});

test("an Admin rejects a registration after confirming; it leaves the list", async ({ page, request }) => {
  const u = unique();
  const account = await register(request, u);
  await page.goto(`/internal-users?search=${account.UserName}`);
  await page.getByRole("button", { name: `Reject ${account.UserName}` }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByText("Are you sure you want to reject this registration?")).toBeVisible();
  // Axe measures colours as shown: wait for the menu to close and the dialog to finish fading in.
  await expect(dialog).toHaveCSS("opacity", "1");
  await expectNoA11yViolations(page);
  await dialog.getByRole("button", { name: "Reject" }).click();
  await expect(page.getByText("Registration rejected")).toBeVisible();
  await expect(page.getByText("No Internal Users found matching your search")).toBeVisible();
  expect((await signIn(request, account.Email, account.Password)).status()).toBe(403);

  // Status Rejected lists it, and its count and export agree with the list; an Admin can re-open it.
  await page.goto(`/internal-users?search=${account.UserName}&status=rejected`);
  const row = page.getByRole("table", { name: "Internal Users" }).getByRole("row").nth(1);
  await expect(row).toContainText(account.UserName);
  await expect(row.getByText("Rejected", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Export 1 row" })).toBeVisible();
  await expectNoA11yViolations(page);
  await row.getByRole("button", { name: `Re-open ${account.UserName}` }).click();
  await expect(page.getByText("Registration re-opened: it is waiting for approval again")).toBeVisible();
  await expect(page.getByText("No Internal Users match the search and filters")).toBeVisible();
  await page.goto(`/internal-users?search=${account.UserName}`);
  await expect(page.getByText("Pending approval")).toBeVisible();
  await expect(page.getByRole("button", { name: `Approve ${account.UserName}` })).toBeVisible();
  expect((await signIn(request, account.Email, account.Password)).status()).toBe(403);
});

test("a Staff member sees pending registrations but cannot approve them", async ({
  browser,
  request,
  adminAuth,
}) => {
  const u = unique();
  const staff = await register(request, `staff${u}`);
  const pending = await register(request, `wait${u}`);
  const staffUser = (
    await (
      await request.get(`/api/v2/User/users?role=internal&page=1&search=${staff.UserName}`, adminAuth)
    ).json()
  ).data[0];
  expect((await request.post(`/api/v2/User/users/${staffUser.guidId}/approve`, adminAuth)).status()).toBe(
    200,
  );
  const context = await browser.newContext({ baseURL: BASE_URL, storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  const { headers } = await signInAs(page, { email: staff.Email, password: staff.Password });
  await page.goto(`/internal-users?search=${pending.UserName}`);
  await expect(page.getByText("Pending approval")).toBeVisible();
  await expect(page.getByRole("button", { name: /^(Approve|Reject)/ })).toHaveCount(0);
  // The server refuses too.
  const pendingUser = (
    await (
      await request.get(`/api/v2/User/users?role=internal&page=1&search=${pending.UserName}`, { headers })
    ).json()
  ).data[0];
  expect((await request.post(`/api/v2/User/users/${pendingUser.guidId}/approve`, { headers })).status()).toBe(
    403,
  );
  await context.close();
});
