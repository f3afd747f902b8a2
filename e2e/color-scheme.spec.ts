import type { Page } from "@playwright/test";
import { expect, expectNoA11yViolations, test } from "./support/fixtures";

const scheme = (page: Page) => page.evaluate(() => document.documentElement.dataset.mantineColorScheme);
const bodyBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

async function choose(page: Page, label: "Light" | "Dark" | "Follow the system") {
  await page.getByRole("button", { name: /^Colour scheme:/ }).click();
  await page.getByRole("menuitem", { name: label }).click();
}

const chosen = (page: Page, label: string) =>
  expect(page.getByRole("button", { name: `Colour scheme: ${label}` })).toBeVisible();

test.describe("colour scheme", () => {
  test.use({ colorScheme: "light" });

  test("the header's switch: dark, light or the system's; the choice survives a reload and is painted before the app runs", async ({
    page,
  }) => {
    await page.goto("/home");
    await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
    expect(await scheme(page)).toBe("light");
    const lightBody = await bodyBackground(page);

    await choose(page, "Dark");
    await expect.poll(() => scheme(page)).toBe("dark");
    expect(await bodyBackground(page)).not.toBe(lightBody);
    await chosen(page, "Dark");
    await expectNoA11yViolations(page);

    // With the app's scripts held back, the page is already dark: no light flash before React starts.
    await page.route("**/assets/*.js", (route) => route.abort());
    await page.reload();
    expect(await scheme(page)).toBe("dark");
    await page.unroute("**/assets/*.js");

    await page.reload();
    await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
    await chosen(page, "Dark");

    // Following the system: the browser says light here, then dark.
    await choose(page, "Follow the system");
    await expect.poll(() => scheme(page)).toBe("light");
    await page.emulateMedia({ colorScheme: "dark" });
    await expect.poll(() => scheme(page)).toBe("dark");

    await choose(page, "Light");
    await expect.poll(() => scheme(page)).toBe("light");
    await page.reload();
    await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
    expect(await scheme(page)).toBe("light");
  });

  test("the switch works from the keyboard", async ({ page }) => {
    await page.goto("/home");
    const button = page.getByRole("button", { name: /^Colour scheme:/ });
    await button.focus();
    await page.keyboard.press("Enter");
    await page.getByRole("menuitem", { name: "Dark" }).focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => scheme(page)).toBe("dark");
    await expect(button).toBeFocused();
  });
});
