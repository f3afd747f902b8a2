import { expect, test } from "./support/fixtures";

/** Every authenticated route of the spec's route table opens inside the shell. */
const ROUTES = [
  "/home",
  "/users",
  "/add-user",
  "/app-users",
  "/add-app-user",
  "/internal-users",
  "/user-appointments",
  "/token-test",
];

test("every authenticated route of the route table opens inside the shell", async ({ page }) => {
  for (const route of ROUTES) {
    await page.goto(route);
    await expect(page).toHaveURL(new RegExp(`${route}$`));
    await expect(page.getByRole("navigation", { name: "Navigation" })).toBeVisible();
    await expect(page.getByRole("contentinfo")).toContainText("All Rights Reserved");
  }
});
