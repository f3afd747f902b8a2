import { registerStaff, signInAs } from "./support/accounts";
import { ADMIN } from "./support/env";
import { expect, expectNoA11yViolations, test, unique } from "./support/fixtures";

const CARDS = [
  ["Consultants", "consultants"],
  ["Application Users", "appUsers"],
  ["System Users", "systemUsers"],
  ["Total Appointments", "appUserAppoints"],
] as const;

test.describe("dashboard", () => {
  test("title, breadcrumb and the four counts equal the API's stats, and follow new records", async ({
    page,
    request,
    adminAuth,
  }) => {
    const stats = async () => (await request.get("/api/v2/Dashboard/stats", adminAuth)).json();
    const cardValue = (label: string) => page.getByRole("region", { name: label }).getByTestId("stat-value");

    // Other specs create records at the same time: compare against a fresh answer until they agree.
    const expectCardsMatch = async () => {
      await expect(async () => {
        await page.reload();
        const expected = await stats();
        for (const [label, key] of CARDS) {
          await expect(cardValue(label)).toHaveText(expected[key].toLocaleString("en-US"), { timeout: 3000 });
        }
      }).toPass({ timeout: 30_000 });
    };

    await page.goto("/home");
    await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
    const breadcrumb = page.getByRole("navigation", { name: "Breadcrumb" });
    await expect(breadcrumb).toContainText("Home");
    await expect(breadcrumb).toContainText("Dashboard");
    await expectCardsMatch();

    const before = await stats();
    await registerStaff(request);
    const after = await stats();
    expect(after.systemUsers).toBeGreaterThan(before.systemUsers);
    await expectCardsMatch();
    await expectNoA11yViolations(page);
  });

  test("each card shows Error and the toast when the stats call fails", async ({ page }) => {
    await page.route("**/api/v2/Dashboard/stats", (route) =>
      route.fulfill({
        status: 500,
        json: { message: "Something went wrong on our side. Please try again later." },
      }),
    );
    await page.goto("/home");
    await expect(page.getByText("Failed to load dashboard statistics")).toBeVisible({ timeout: 15_000 });
    for (const [label] of CARDS) {
      await expect(page.getByRole("region", { name: label })).toContainText("Error");
    }
  });

  test("+ Add Task opens the side panel with a task form and saves the task to My tasks", async ({
    page,
  }) => {
    await page.goto("/home");
    await page.getByRole("button", { name: "+ Add Task" }).click();
    const drawer = page.getByRole("dialog", { name: "Add Task" });
    await expect(drawer).toBeVisible();
    await drawer.getByRole("button", { name: "Add Task", exact: true }).click();
    await expect(drawer.getByText("Task is required")).toBeVisible();
    await expectNoA11yViolations(page);
    await drawer.getByRole("button", { name: "Close", exact: true }).click();
    await expect(drawer).toBeHidden();

    const title = `Call the Canada applicant ${unique()}`;
    await page.getByRole("button", { name: "+ Add Task" }).click();
    await drawer.getByRole("textbox", { name: "Task" }).fill(title);
    await drawer.getByRole("button", { name: "Add Task", exact: true }).click();
    await expect(drawer).toBeHidden();
    await expect(
      page.getByRole("list", { name: "My tasks" }).getByRole("checkbox", { name: title }),
    ).toBeVisible();
  });
});

test.describe("token test", () => {
  test("shows the session, tests token inclusion, and clears the token", async ({ browser }) => {
    // Its own sign-in: clearing the token must not touch the shared session.
    const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const page = await context.newPage();
    const { token } = await signInAs(page, ADMIN);
    await page.goto("/token-test");
    await expect(page.getByRole("heading", { name: "Token Test" })).toBeVisible();
    await expect(page.getByTestId("token-test-authenticated")).toHaveText("Yes");
    await expect(page.getByTestId("token-test-user")).toContainText("admin@e2e.test");
    await expect(page.getByTestId("token-test-token")).toHaveText("Yes");

    const sent = page.waitForRequest("**/api/v2/Dashboard/stats");
    await page.getByRole("button", { name: "Test Token Inclusion" }).click();
    expect((await sent).headers().authorization).toBe(`Bearer ${token}`);
    await expect(page.getByTestId("token-test-result")).toHaveText(
      "Token sent and accepted: GET /api/v2/Dashboard/stats answered 200.",
    );
    await expectNoA11yViolations(page);

    await page.getByRole("button", { name: "Clear Token" }).click();
    await expect(page.getByTestId("token-test-token")).toHaveText("No");
    expect(await page.evaluate(() => localStorage.getItem("access_token"))).toBeNull();
    await context.close();
  });
});
