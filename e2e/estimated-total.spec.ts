import { expect, expectNoA11yViolations, test, unique } from "./support/fixtures";

/**
 * A search with very many matches answers an estimated total (`totalIsEstimate: true`). The pager then
 * says "about", offers Previous, Next and a jump to a page, and never numbers every page. The answers
 * here are the server's real pages with only their total marked as an estimate of 48,000, which would
 * otherwise take tens of thousands of records to reach.
 */
test("the pager of an estimated total: Showing … of about, Next, Previous and a jump to a page", async ({
  page,
  request,
  adminAuth,
}) => {
  const tag = unique();
  for (let n = 1; n <= 13; n += 1) {
    const response = await request.post("/api/v2/Consultants/register", {
      headers: adminAuth.headers,
      multipart: {
        Name: `Estimated ${tag} ${String(n).padStart(2, "0")}`,
        BusinessName: `Estimate Agency ${tag}`,
        ContactEmail: `estimated${n}.${tag}@example.com`,
        PhoneNumber: "+1 555 0100",
        IsApproved: "true",
        IsPremium: "false",
      },
    });
    expect(response.status()).toBe(201);
  }
  await page.route("**/api/v2/Consultants/consultants?*", async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    await route.fulfill({ response, json: { ...body, total: 48_000, totalIsEstimate: true } });
  });

  await page.goto("/users");
  await page.getByRole("searchbox", { name: "Search Consultants..." }).fill(`estimate agency ${tag}`);
  const rows = page.getByRole("table", { name: "Consultants" }).locator("tbody tr");
  await expect(rows.filter({ hasText: `Estimated ${tag} 13` })).toBeVisible();
  await expect(rows).toHaveCount(12);
  await expect(page.getByText("Showing 1–12 of about 48,000")).toBeVisible();
  // Not 4,000 numbered pages: Previous, Next and a page number to go to.
  await expect(page.getByRole("button", { name: "Page 2", exact: true })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Previous page" })).toBeDisabled();
  await expectNoA11yViolations(page);

  await page.getByRole("button", { name: "Next page" }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.filter({ hasText: `Estimated ${tag} 01` })).toBeVisible();
  await expect(page.getByText("Showing 13–13 of about 48,000")).toBeVisible();
  // A short page is the last one, whatever the estimate says.
  await expect(page.getByRole("button", { name: "Next page" })).toBeDisabled();

  await page.getByRole("textbox", { name: "Go to page" }).fill("1");
  await page.getByRole("textbox", { name: "Go to page" }).press("Enter");
  await expect(rows).toHaveCount(12);
  await expect(page.getByText("Showing 1–12 of about 48,000")).toBeVisible();
  await page.getByRole("button", { name: "Next page" }).click();
  await expect(rows).toHaveCount(1);
  await page.getByRole("button", { name: "Previous page" }).click();
  await expect(page.getByText("Showing 1–12 of about 48,000")).toBeVisible();
});

/**
 * "Select all" over an estimated total asks the server for the exact count (exactTotal=true, answered
 * here by the real server): the bar, the delete confirmation and its result all say 13, never "about 1,100".
 */
test("select all over an estimate: the exact count is asked, confirmed and reported", async ({
  page,
  request,
  adminAuth,
}) => {
  const tag = unique();
  for (let n = 1; n <= 13; n += 1) {
    const response = await request.post("/api/v2/Consultants/register", {
      headers: adminAuth.headers,
      multipart: {
        Name: `Exact ${tag} ${String(n).padStart(2, "0")}`,
        BusinessName: `Exact Agency ${tag}`,
        ContactEmail: `exact${n}.${tag}@example.com`,
        PhoneNumber: "+1 555 0100",
        IsApproved: "false",
        IsPremium: "false",
      },
    });
    expect(response.status()).toBe(201);
  }
  await page.route("**/api/v2/Consultants/consultants?*", async (route) => {
    if (new URL(route.request().url()).searchParams.get("exactTotal") === "true") return route.continue();
    const response = await route.fetch();
    const body = await response.json();
    await route.fulfill({ response, json: { ...body, total: 1_100, totalIsEstimate: true } });
  });

  await page.goto(`/users?search=${encodeURIComponent(`exact agency ${tag}`)}`);
  const table = page.getByRole("table", { name: "Consultants" });
  await expect(table.locator("tbody tr")).toHaveCount(12);
  await expect(page.getByRole("button", { name: "Export about 1,100 rows" })).toBeVisible();
  await table.getByRole("checkbox", { name: "Select all on this page" }).check();
  const bar = page.getByRole("region", { name: "Selected rows" });
  await bar.getByRole("button", { name: "Select all about 1,100 matching" }).click();
  await expect(bar).toContainText("All 13 matching consultants selected");
  await expect(page.getByRole("status").filter({ hasText: "13 consultants selected" })).toBeAttached();

  await bar.getByRole("button", { name: "Delete" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("Delete 13 consultants?");
  await dialog.getByRole("button", { name: "Delete 13" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "13 deleted, 0 refused" })).toBeVisible();
});
