import { expect, test } from "./support/fixtures";

test("the signed-in shell shows the navigation", async ({ page }) => {
  await page.goto("/home");
  await expect(page.getByText("Navigation")).toBeVisible();
});
