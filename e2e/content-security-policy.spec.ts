import type { Page } from "@playwright/test";
import { expect, expectNoA11yViolations, test, unique } from "./support/fixtures";

/** A real 1x1 PNG: list rows and forms then show an uploaded image, which the policy must let through. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

/**
 * Everything the browser reports about the Content-Security-Policy on this page: securitypolicyviolation
 * events (recorded by a script the browser runs before the page's own, outside the policy) and console lines.
 */
function watchPolicy(page: Page) {
  const reports: string[] = [];
  page.on("console", (message) => {
    if (message.text().includes("Content Security Policy"))
      reports.push(`${new URL(page.url()).pathname}: ${message.text()}`);
  });
  void page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      console.error(
        `Content Security Policy violation: ${event.effectiveDirective} blocked ${event.blockedURI || "inline"}`,
      );
    });
  });
  return reports;
}

/**
 * Mantine's theme variables arrive in a <style> element it injects: they apply only if its nonce is allowed.
 * The page is painted in the scheme the browser asks for (no choice is stored in these tests).
 */
async function expectMantineStylesApplied(page: Page) {
  const painted = await page.evaluate(() => {
    const root = getComputedStyle(document.documentElement);
    return {
      scheme: document.documentElement.dataset.mantineColorScheme,
      systemDark: matchMedia("(prefers-color-scheme: dark)").matches,
      dimmed: root.getPropertyValue("--mantine-color-dimmed").trim(),
      gray7: root.getPropertyValue("--mantine-color-gray-7").trim(),
    };
  });
  expect(painted.scheme).toBe(painted.systemDark ? "dark" : "light");
  expect(painted.gray7).not.toBe("");
  // The app's resolver turns "dimmed" into gray.7 in the light scheme (Mantine's default is gray.6, #868e96).
  if (!painted.systemDark) expect(painted.dimmed).toBe(painted.gray7);
}

type Scheme = "light" | "dark";
const other = (scheme: Scheme): Scheme => (scheme === "light" ? "dark" : "light");

/**
 * The checks of what the page shows now, in one scheme: Mantine's styles applied and no axe violation. The
 * browser's scheme changes without a reload (nothing stored, the app follows the system's at once).
 */
async function checkIn(page: Page, scheme: Scheme) {
  await page.emulateMedia({ colorScheme: scheme });
  await expect
    .poll(() => page.evaluate(() => document.documentElement.dataset.mantineColorScheme))
    .toBe(scheme);
  await expectMantineStylesApplied(page);
  await expectNoA11yViolations(page);
}

/**
 * One load of a screen, checked in both schemes: first in the scheme it loaded in, then in the other, which the
 * next screen then loads in. So every screen is checked light and dark, and loads alternate between the two.
 */
async function visit(page: Page, url: string, heading: string | RegExp, loadedIn: Scheme): Promise<Scheme> {
  await page.goto(url);
  await expect(page.getByRole("heading", { name: heading }).first()).toBeVisible();
  await checkIn(page, loadedIn);
  await checkIn(page, other(loadedIn));
  return other(loadedIn);
}

test("every signed-in screen works under the policy with no violation, light and dark", async ({
  page,
  request,
  adminAuth,
}) => {
  // Thirteen screens and a dialog, each checked by axe in both schemes: about 60 s on two busy cores.
  test.setTimeout(180_000);
  const reports = watchPolicy(page);
  const u = unique();
  const consultant = await request.post("/api/v2/Consultants/register", {
    ...adminAuth,
    multipart: {
      Name: `Policy Advisers ${u}`,
      BusinessName: "Strict Visas",
      ContactEmail: `policy.${u}@example.com`,
      PhoneNumber: "+92 300 1234567",
      IsApproved: "true",
      Logo: { name: "logo.png", mimeType: "image/png", buffer: PNG },
    },
  });
  expect(consultant.status()).toBe(201);
  const { guidId: consultantId, name } = await consultant.json();
  const appUser = await request.post("/api/v2/User/adduser", {
    ...adminAuth,
    multipart: {
      UserName: `policy${u}`,
      Email: `policy.user.${u}@example.com`,
      FirstName: "Noor",
      LastName: `Policy${u}`,
      PhoneNumber: `+92 321 ${String(Date.now()).slice(-7)}`,
      DateOfBirth: "1990-04-12",
      cnic: `42101-${String(Date.now()).slice(-7)}-${u.length % 10}`,
      Address: "12 Mall Road, Lahore",
      Password: "app-user-password",
      ProfilePic: { name: "me.png", mimeType: "image/png", buffer: PNG },
      cnicFront: { name: "front.png", mimeType: "image/png", buffer: PNG },
    },
  });
  expect(appUser.status(), await appUser.text()).toBe(201);
  const { guidId: appUserId } = await appUser.json();

  let scheme: Scheme = "light";
  scheme = await visit(page, "/home", "Dashboard", scheme);
  scheme = await visit(page, `/users?search=${encodeURIComponent(name)}`, /^Consultant$/, scheme);
  await expect(page.getByText(name).first()).toBeVisible();
  scheme = await visit(page, "/add-user", "Add Consultant", scheme);
  scheme = await visit(page, `/edit-user/${consultantId}`, "Edit Consultant", scheme);
  scheme = await visit(page, `/consultant-timings/${consultantId}`, "Consultant Timings", scheme);
  scheme = await visit(page, `/consultant-addresses/${consultantId}`, "Consultant Addresses", scheme);
  scheme = await visit(page, `/delete-user/${consultantId}`, "Delete Consultant", scheme);
  scheme = await visit(page, "/app-users", "App Users", scheme);
  scheme = await visit(page, "/add-app-user", "Add App User", scheme);
  scheme = await visit(page, `/edit-app-user/${appUserId}`, "Edit App User", scheme);
  scheme = await visit(page, "/internal-users", "Internal Users", scheme);
  scheme = await visit(page, "/token-test", "Token Test", scheme);
  scheme = await visit(page, `/user-appointments?consultant=${consultantId}`, "User Appointments", scheme);

  // A dialog: Mantine's transitions and focus trap set styles while it opens.
  await page.getByRole("button", { name: "New Appointment" }).click();
  const dialog = page.getByRole("dialog", { name: "Create New Appointment" });
  await expect(dialog).toHaveCSS("opacity", "1");
  await checkIn(page, scheme);
  await checkIn(page, other(scheme));
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();

  expect(reports).toEqual([]);
});

test.describe("signed out", () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test("/login, /register and /forgot-password work under the policy with no violation, light and dark", async ({
    page,
  }) => {
    const reports = watchPolicy(page);
    let scheme: Scheme = "light";
    scheme = await visit(page, "/register", "Create an account", scheme);
    scheme = await visit(page, "/forgot-password", "Forgot your password?", scheme);
    scheme = await visit(page, "/login", "Sign in", scheme);
    // A failed sign-in shows its alert: the screen still works.
    await page.getByLabel("Email or username").fill(`nobody.${unique()}@example.com`);
    await page.getByLabel(/^Password/).fill("not-the-password");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page.getByText("Sign-in failed")).toBeVisible();
    expect(reports).toEqual([]);
  });

  test("the API documentation runs under its own policy with no violation, light and dark", async ({
    page,
  }) => {
    const reports = watchPolicy(page);
    for (const colorScheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme });
      await page.goto("/api/docs");
      await expect(page.getByRole("heading", { name: /VisaDesk API/ })).toBeVisible();
    }
    expect(reports).toEqual([]);
  });
});
