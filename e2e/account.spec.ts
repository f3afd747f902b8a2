import { activeStaff, signInAs } from "./support/accounts";
import { expect, expectNoA11yViolations, test } from "./support/fixtures";

test("a staff member changes their profile and password from Settings; their other session ends", async ({
  browser,
  request,
  adminAuth,
}) => {
  const staff = await activeStaff(request, adminAuth.headers);
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await signInAs(page, staff);
  // A second session of the same person, elsewhere.
  const other = await request.post("/api/v2/connect/verify-login", {
    data: { email: staff.email, password: staff.password },
    headers: { "user-agent": "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) Safari/604.1" },
  });
  const { accessToken } = await other.json();
  const otherCookie = other.headers()["set-cookie"]?.split(";")[0] ?? "";
  const otherHeaders = { authorization: `Bearer ${accessToken}`, cookie: otherCookie };

  await page.goto("/users");
  await page.getByRole("button", { name: /Profile menu/ }).click();
  await page.getByRole("dialog", { name: "Profile" }).getByRole("button", { name: "Settings" }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole("heading", { name: "My account", level: 2 })).toBeVisible();

  const sessions = page.getByRole("table", { name: "Signed-in sessions" });
  await expect(sessions.getByRole("row")).toHaveCount(3);
  await expect(sessions.getByText("This session")).toBeVisible();
  await expect(sessions).toContainText("Safari on iOS");
  await expectNoA11yViolations(page);

  const profile = page.getByRole("form", { name: "Profile" });
  await profile.getByLabel(/^First name/).fill("Samira");
  await profile.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByText("Your profile has been updated")).toBeVisible();
  // The header's name follows at once.
  await expect(page.getByRole("button", { name: /^Profile menu for Samira/ })).toBeVisible();

  const password = page.getByRole("form", { name: "Change password" });
  await password.getByLabel(/^Current password/).fill("not-the-password");
  await password.getByLabel(/^New password/).fill("Samira-New-Pass-1");
  await password.getByLabel(/^Confirm new password/).fill("Samira-New-Pass-1");
  await password.getByRole("button", { name: "Change password" }).click();
  await expect(password.getByText("The current password is not correct")).toBeVisible();
  await password.getByLabel(/^Current password/).fill(staff.password);
  await password.getByRole("button", { name: "Change password" }).click();
  await expect(
    page.getByText("Your password has been changed. Your other sessions have been signed out."),
  ).toBeVisible();
  expect((await request.get("/api/v2/Dashboard/stats", { headers: otherHeaders })).status()).toBe(401);
  await expect(sessions.getByRole("row")).toHaveCount(2);

  const fresh = await request.post("/api/v2/connect/verify-login", {
    data: { email: staff.email, password: "Samira-New-Pass-1" },
  });
  expect(fresh.status()).toBe(200);
  await context.close();
});

test("an Admin suspends a staff member who is signed in elsewhere: that session goes to /login", async ({
  page,
  browser,
  request,
  adminAuth,
}) => {
  const staff = await activeStaff(request, adminAuth.headers);
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const staffPage = await context.newPage();
  await signInAs(staffPage, staff);
  await staffPage.goto("/users");
  await expect(staffPage.getByRole("heading", { level: 2 }).first()).toBeVisible();

  await page.goto(`/internal-users?search=${staff.userName}`);
  await page.getByRole("button", { name: `Actions for ${staff.userName}` }).click();
  await page.getByRole("menuitem", { name: "Suspend" }).click();
  const dialog = page.getByRole("dialog", { name: "Suspend" });
  await expect(dialog).toContainText("Suspend this account?");
  await expect(dialog).toHaveCSS("opacity", "1");
  await expectNoA11yViolations(page);
  await dialog.getByRole("button", { name: "Suspend" }).click();
  await expect(page.getByText("Account suspended: its sessions have been signed out")).toBeVisible();
  await expect(page.getByRole("table", { name: "Internal Users" }).getByText("Suspended")).toBeVisible();

  // The staff member's next request is refused, and the app sends them to sign in.
  await staffPage.goto("/app-users");
  await expect(staffPage).toHaveURL(/\/login$/);
  const again = await request.post("/api/v2/connect/verify-login", {
    data: { email: staff.email, password: staff.password },
  });
  expect(again.status()).toBe(403);
  expect((await again.json()).message).toBe("This account is suspended. Please contact an administrator.");

  await page.getByRole("button", { name: `Actions for ${staff.userName}` }).click();
  await page.getByRole("menuitem", { name: "Reactivate" }).click();
  await expect(page.getByText("Account reactivated: the user can sign in again")).toBeVisible();
  expect(
    (
      await request.post("/api/v2/connect/verify-login", {
        data: { email: staff.email, password: staff.password },
      })
    ).status(),
  ).toBe(200);
  await context.close();
});
