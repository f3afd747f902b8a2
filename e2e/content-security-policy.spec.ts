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

async function visit(page: Page, url: string, heading: string | RegExp) {
  await page.goto(url);
  await expect(page.getByRole("heading", { name: heading }).first()).toBeVisible();
  await expectMantineStylesApplied(page);
  await expectNoA11yViolations(page);
}

for (const colorScheme of ["light", "dark"] as const) {
  test.describe(`${colorScheme} scheme`, () => {
    test.use({ colorScheme });

    test("every signed-in screen works under the policy with no violation", async ({
      page,
      request,
      adminAuth,
    }) => {
      // Thirteen screens, each checked by axe: about 45 s on two busy cores.
      test.setTimeout(150_000);
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

      await visit(page, "/home", "Dashboard");
      await visit(page, `/users?search=${encodeURIComponent(name)}`, /^Consultant$/);
      await expect(page.getByText(name).first()).toBeVisible();
      await visit(page, "/add-user", "Add Consultant");
      await visit(page, `/edit-user/${consultantId}`, "Edit Consultant");
      await visit(page, `/consultant-timings/${consultantId}`, "Consultant Timings");
      await visit(page, `/consultant-addresses/${consultantId}`, "Consultant Addresses");
      await visit(page, `/delete-user/${consultantId}`, "Delete Consultant");
      await visit(page, "/app-users", "App Users");
      await visit(page, "/add-app-user", "Add App User");
      await visit(page, `/edit-app-user/${appUserId}`, "Edit App User");
      await visit(page, "/internal-users", "Internal Users");
      await visit(page, "/token-test", "Token Test");
      await visit(page, `/user-appointments?consultant=${consultantId}`, "User Appointments");

      // A dialog: Mantine's transitions and focus trap set styles while it opens.
      await page.getByRole("button", { name: "New Appointment" }).click();
      const dialog = page.getByRole("dialog", { name: "Create New Appointment" });
      await expect(dialog).toHaveCSS("opacity", "1");
      await expectNoA11yViolations(page);
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await expect(dialog).toBeHidden();

      expect(reports).toEqual([]);
    });

    test.describe("signed out", () => {
      test.use({ storageState: { cookies: [], origins: [] } });

      test("/login, /register and /forgot-password work under the policy with no violation", async ({
        page,
      }) => {
        const reports = watchPolicy(page);
        await visit(page, "/register", "Create an account");
        await visit(page, "/forgot-password", "Forgot your password?");
        await visit(page, "/login", "Sign in");
        // A failed sign-in shows its alert: the screen still works.
        await page.getByLabel("Email or username").fill(`nobody.${unique()}@example.com`);
        await page.getByLabel(/^Password/).fill("not-the-password");
        await page.getByRole("button", { name: "Sign in", exact: true }).click();
        await expect(page.getByText("Sign-in failed")).toBeVisible();
        expect(reports).toEqual([]);
      });

      test("the API documentation runs under its own policy with no violation", async ({ page }) => {
        const reports = watchPolicy(page);
        await page.goto("/api/docs");
        await expect(page.getByRole("heading", { name: /VisaDesk API/ })).toBeVisible();
        expect(reports).toEqual([]);
      });
    });
  });
}
