import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";

/**
 * How long the side panel's drawer takes to slide in, as the browser computed it once it is open. Read at
 * the second opening: the first one mounts the drawer already open.
 */
async function drawerTransition(page: Page) {
  await page.goto("/home");
  const open = page.getByRole("button", { name: "Open side panel" });
  const panel = page.getByRole("dialog", { name: "Side panel" });
  await open.click();
  await expect(panel).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(panel).toBeHidden();
  await open.click();
  await expect(panel).toBeVisible();
  return panel.evaluate((element) => getComputedStyle(element).transitionDuration);
}

test.describe("someone who asked the system for less motion", () => {
  test.use({ reducedMotion: "reduce" });

  test("gets dialogs and drawers at once, without their transition", async ({ page }) => {
    expect(await drawerTransition(page)).toBe("0s");
  });
});

test.describe("everyone else", () => {
  test.use({ reducedMotion: "no-preference" });

  test("sees the drawer slide in over 300 ms", async ({ page }) => {
    expect(await drawerTransition(page)).toBe("0.3s");
  });
});
