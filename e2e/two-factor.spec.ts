import path from "node:path";
import type { BrowserContext, Page } from "@playwright/test";
import Database from "better-sqlite3";
import { TOTP } from "otpauth";
import { activeStaff, signInAs } from "./support/accounts";
import { DATA_DIR } from "./support/env";
import { expect, expectNoA11yViolations, test } from "./support/fixtures";

const totpOf = (secret: string) => new TOTP({ algorithm: "SHA1", digits: 6, period: 30, secret });

/**
 * The code the authenticator will show in its next 30-second step. A code is accepted once, so a second sign-in
 * needs a newer one; the server accepts one step of clock drift, so this one is taken now without waiting.
 */
const nextStepCode = (totp: TOTP) => totp.generate({ timestamp: Date.now() + totp.period * 1000 });

/** Makes an account's sessions 10 minutes old, so the next change of a sign-in factor asks for a proof. */
function ageSessionsOf(email: string) {
  const db = new Database(path.join(DATA_DIR, "visadesk.sqlite"));
  try {
    db.pragma("busy_timeout = 5000");
    db.prepare(
      "update sessions set created_at = ?, reauthenticated_at = null where user_id = (select id from users where email = ?)",
    ).run(new Date(Date.now() - 10 * 60_000).toISOString(), email);
  } finally {
    db.close();
  }
}

async function signOut(page: Page) {
  await page.getByRole("button", { name: /Profile menu/ }).click();
  await page.getByRole("dialog", { name: "Profile" }).getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/login$/);
}

async function passwordStep(page: Page, credentials: { email: string; password: string }) {
  const form = page.getByRole("form", { name: "Sign in" });
  await form.getByLabel(/^Email or username/).fill(credentials.email);
  await form.getByLabel(/^Password/).fill(credentials.password);
  await form.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Two-factor sign-in", level: 1 })).toBeVisible();
}

/** Chromium's virtual authenticator: a platform passkey with user verification, as a laptop's would be. */
async function virtualAuthenticator(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
}

test("a staff member turns on an authenticator app in Settings, then signs in with password and code", async ({
  browser,
  request,
  adminAuth,
}) => {
  test.setTimeout(120_000);
  const staff = await activeStaff(request, adminAuth.headers);
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await signInAs(page, staff);
  await page.goto("/settings");
  const section = page.getByRole("region", { name: "Two-factor sign-in" });
  await section.getByRole("button", { name: "Set up authenticator app" }).click();
  await expect(section.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
  const secret = (await section.getByTestId("totp-secret").textContent())?.trim() ?? "";
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expectNoA11yViolations(page);

  const setUp = section.getByRole("form", { name: "Set up authenticator app" });
  await setUp.getByLabel(/^6-digit code/).fill("12");
  await setUp.getByRole("button", { name: "Turn on" }).click();
  await expect(setUp.getByText("Enter the 6-digit code from your authenticator app")).toBeVisible();
  const totp = totpOf(secret);
  await setUp.getByLabel(/^6-digit code/).fill(totp.generate());
  await setUp.getByRole("button", { name: "Turn on" }).click();

  const dialog = page.getByRole("dialog", { name: "Save your recovery codes" });
  await expect(dialog).toBeVisible();
  const codes = dialog.getByRole("list", { name: "Recovery codes" }).getByRole("listitem");
  await expect(codes).toHaveCount(10);
  const firstCode = (await codes.first().textContent())?.trim() ?? "";
  expect(firstCode).toMatch(/^[0-9a-z]{5}-[0-9a-z]{5}$/);
  await expect(dialog).toHaveCSS("opacity", "1");
  await expectNoA11yViolations(page);
  await dialog.getByRole("button", { name: "I have saved them" }).click();
  await expect(section.getByText("On. 10 of 10 recovery codes left.")).toBeVisible();

  // Minutes later, new recovery codes take the password again first; then the change goes through.
  ageSessionsOf(staff.email);
  await section.getByRole("button", { name: "Get new recovery codes" }).click();
  const confirm = page.getByRole("dialog", { name: "Confirm it is you" });
  await expect(confirm).toContainText("Confirm your password to change how you sign in");
  await expect(confirm).toHaveCSS("opacity", "1");
  await expectNoA11yViolations(page);
  await confirm.getByLabel(/^Password/).fill("not-the-password");
  await confirm.getByRole("button", { name: "Confirm" }).click();
  await expect(confirm.getByText("The password is not correct")).toBeVisible();
  await confirm.getByLabel(/^Password/).fill(staff.password);
  await confirm.getByRole("button", { name: "Confirm" }).click();
  await expect(confirm).toBeHidden();
  const renewed = dialog.getByRole("list", { name: "Recovery codes" }).getByRole("listitem");
  await expect(renewed).toHaveCount(10);
  const recoveryCode = (await renewed.first().textContent())?.trim() ?? "";
  expect(recoveryCode).not.toBe(firstCode);
  await dialog.getByRole("button", { name: "I have saved them" }).click();

  await signOut(page);
  await passwordStep(page, staff);
  await expect(page.getByLabel(/^6-digit code from your authenticator app/)).toBeFocused();
  await expectNoA11yViolations(page);
  const second = page.getByRole("form", { name: "Two-factor code" });
  await second.getByLabel(/^6-digit code/).fill(totp.generate() === "000000" ? "111111" : "000000");
  await second.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByRole("alert")).toContainText("The code is not correct");
  await second.getByLabel(/^6-digit code/).fill(nextStepCode(totp));
  await second.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/users$/);

  // A recovery code works once, in place of the app.
  await signOut(page);
  await passwordStep(page, staff);
  await page.getByRole("button", { name: "Use a recovery code instead" }).click();
  await page.getByLabel(/^Recovery code/).fill(recoveryCode);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/users$/);
  await context.close();
});

test("a staff member adds a passkey in Settings and signs in with it, alone and after the password; an Admin resets it", async ({
  browser,
  page: adminPage,
  request,
  adminAuth,
}) => {
  const staff = await activeStaff(request, adminAuth.headers);
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await virtualAuthenticator(context, page);
  await signInAs(page, staff);
  await page.goto("/settings");
  const section = page.getByRole("region", { name: "Two-factor sign-in" });
  const add = section.getByRole("form", { name: "Add a passkey" });
  await add.getByLabel(/^Passkey name/).fill("E2E laptop");
  await add.getByLabel(/^Current password/).fill(staff.password);
  await add.getByRole("button", { name: "Add passkey" }).click();
  await expect(page.getByText("Passkey added")).toBeVisible();
  // The account's first factor: its recovery codes, shown once.
  const codes = page.getByRole("dialog", { name: "Save your recovery codes" });
  await expect(codes.getByRole("listitem")).toHaveCount(10);
  await codes.getByRole("button", { name: "I have saved them" }).click();
  await expect(codes).toBeHidden();
  const table = section.getByRole("table", { name: "My passkeys" });
  await expect(table.getByRole("row", { name: /E2E laptop/ })).toBeVisible();
  await expectNoA11yViolations(page);

  // Passwordless.
  await signOut(page);
  await expectNoA11yViolations(page);
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page).toHaveURL(/\/users$/);

  // As the second step after the password.
  await signOut(page);
  await passwordStep(page, staff);
  await page.getByRole("button", { name: "Use a passkey" }).click();
  await expect(page).toHaveURL(/\/users$/);

  // An Admin resets the person's two-factor sign-in: the passkey no longer signs in.
  await adminPage.goto(`/internal-users?search=${staff.userName}`);
  await adminPage.getByRole("button", { name: `Actions for ${staff.userName}` }).click();
  await adminPage.getByRole("menuitem", { name: "Reset two-factor" }).click();
  const dialog = adminPage.getByRole("dialog", { name: "Reset two-factor" });
  await expect(dialog).toContainText("Reset two-factor sign-in for this account?");
  await expect(dialog).toHaveCSS("opacity", "1");
  await expectNoA11yViolations(adminPage);
  await dialog.getByRole("button", { name: "Reset two-factor" }).click();
  await expect(adminPage.getByText(/Two-factor sign-in has been reset/)).toBeVisible();

  await page.goto("/login");
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page.getByRole("alert", { name: "Sign-in failed" })).toContainText(
    "The passkey could not be verified",
  );
  await context.close();
});
