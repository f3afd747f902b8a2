import fs from "node:fs";
import type { APIRequestContext, Page } from "@playwright/test";
import { consultantWithHours, daysAhead } from "./support/appointments";
import { expect, expectNoA11yViolations, test, unique } from "./support/fixtures";

/** Filters kept in the address, the export and the bulk actions of the lists (consultants as the example). */

async function addConsultants(
  request: APIRequestContext,
  headers: Record<string, string>,
  tag: string,
  approved: readonly boolean[],
) {
  const ids: string[] = [];
  for (const [index, isApproved] of approved.entries()) {
    const response = await request.post("/api/v2/Consultants/register", {
      headers,
      multipart: {
        Name: `Tools ${tag} ${String(index).padStart(2, "0")}`,
        BusinessName: `Tools Agency ${tag}`,
        ContactEmail: `tools.${index}.${tag}@example.com`,
        PhoneNumber: "+1 555 0100",
        IsApproved: String(isApproved),
        IsPremium: "false",
      },
    });
    expect(response.status()).toBe(201);
    ids.push(((await response.json()) as { guidId: string }).guidId);
  }
  return ids;
}

/** A new consultant's appointments at 10:00, one per number of days ahead, described by `descriptionOf`. */
async function appointmentsAhead(
  request: APIRequestContext,
  headers: Record<string, string>,
  days: readonly number[],
  descriptionOf: (days: number) => string,
) {
  const consultant = await consultantWithHours(request, { headers }, `Tools Consultant ${unique()}`);
  const ids: string[] = [];
  for (const ahead of days) {
    const response = await request.post("/api/v2/userAppointment", {
      headers,
      data: {
        consultantId: consultant.guidId,
        appointmentDate: daysAhead(ahead),
        appointmentTime: "10:00",
        description: descriptionOf(ahead),
      },
    });
    expect(response.status()).toBe(201);
    ids.push(((await response.json()) as { guidId: string }).guidId);
  }
  return { consultant, ids };
}

/** Whether each appointment is paid, as the API reads them now. */
async function paidStates(request: APIRequestContext, headers: Record<string, string>, ids: string[]) {
  return Promise.all(
    ids.map(async (id) => {
      const response = await request.get(`/api/v2/userAppointment/${id}`, { headers });
      expect(response.status()).toBe(200);
      return ((await response.json()) as { isPaid: boolean }).isPaid;
    }),
  );
}

const table = (page: Page) => page.getByRole("table", { name: "Consultants" });
const rows = (page: Page) => table(page).locator("tbody tr");
const approvedFilter = (page: Page) => page.getByRole("combobox", { name: "Approved" });

/** Whether each consultant is approved, as the API reads them now. */
async function approvedStates(request: APIRequestContext, headers: Record<string, string>, ids: string[]) {
  return Promise.all(
    ids.map(async (id) => {
      const response = await request.get(`/api/v2/Consultants/${id}`, { headers });
      expect(response.status()).toBe(200);
      return ((await response.json()) as { isApproved: boolean }).isApproved;
    }),
  );
}

test("a filtered, sorted view lives in the address: reload restores it, Back and Forward step through views", async ({
  page,
  request,
  adminAuth,
}) => {
  const tag = unique();
  await addConsultants(request, adminAuth.headers, tag, [true, false, true]);
  await page.goto(`/users?search=${encodeURIComponent(`Tools ${tag}`)}`);
  await expect(rows(page)).toHaveCount(3);

  await approvedFilter(page).selectOption({ label: "No" });
  await expect(page).toHaveURL(/[?&]approved=false(&|$)/);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page)).toContainText(`Tools ${tag} 01`);
  await expect(page.getByRole("button", { name: "Clear filters" })).toBeVisible();
  await expectNoA11yViolations(page);

  // Another view: approved ones, by name descending.
  await approvedFilter(page).selectOption({ label: "Yes" });
  await table(page).getByRole("button", { name: "Consultant" }).click();
  await table(page).getByRole("button", { name: "Consultant" }).click();
  await expect(page).toHaveURL(/[?&]sort=-name(&|$)/);
  const names = () => rows(page).allInnerTexts();
  const order = async () => (await names()).map((text) => /Tools \S+ (\d\d)/.exec(text)?.[1]);
  await expect.poll(order).toEqual(["02", "00"]);

  // The bookmark: the same address in a fresh load shows the same view.
  const bookmark = page.url();
  await page.reload();
  await expect(approvedFilter(page)).toHaveValue("true");
  await expect(page.getByRole("searchbox", { name: "Search Consultants..." })).toHaveValue(`Tools ${tag}`);
  await expect.poll(order).toEqual(["02", "00"]);
  await expect(table(page).getByRole("columnheader", { name: "Consultant" })).toHaveAttribute(
    "aria-sort",
    "descending",
  );

  // Back through the two sort clicks and the filter change returns to the unapproved view.
  await page.goBack();
  await page.goBack();
  await page.goBack();
  await expect(page).toHaveURL(/[?&]approved=false(&|$)/);
  await expect(approvedFilter(page)).toHaveValue("false");
  await expect(rows(page)).toHaveCount(1);
  await page.goForward();
  await expect(approvedFilter(page)).toHaveValue("true");
  await expect(rows(page)).toHaveCount(2);

  await page.goto(bookmark);
  await page.getByRole("button", { name: "Clear filters" }).click();
  await expect(page).not.toHaveURL(/approved=/);
  await expect(approvedFilter(page)).toHaveValue("");
  await expect(rows(page)).toHaveCount(3);
});

test("the export says how many rows it will download and downloads exactly the filtered list", async ({
  page,
  request,
  adminAuth,
}) => {
  const tag = unique();
  await addConsultants(request, adminAuth.headers, tag, [false, true, false, false]);
  await page.goto(`/users?search=${encodeURIComponent(`Tools ${tag}`)}&approved=false`);
  await expect(rows(page)).toHaveCount(3);
  const button = page.getByRole("button", { name: "Export 3 rows" });
  await expect(button).toBeEnabled();
  await expectNoA11yViolations(page);

  const [download] = await Promise.all([page.waitForEvent("download"), button.click()]);
  expect(download.suggestedFilename()).toMatch(/^consultants-\d{4}-\d{2}-\d{2}\.csv$/);
  const file = fs.readFileSync(await download.path(), "utf8").replace(/^\uFEFF/, "");
  const [header, ...data] = file.split(/\r?\n/).filter((line) => line !== "");
  expect(header).toContain("Name");
  expect(data).toHaveLength(3);
  for (const line of data) expect(line).toContain(tag);
  expect(data.some((line) => line.includes(`Tools ${tag} 01`))).toBe(false);
  await expect(page.getByText("Export downloaded")).toBeVisible();
});

test("bulk approve over every matching consultant, then Undo puts them back", async ({
  page,
  request,
  adminAuth,
}) => {
  const tag = unique();
  // One more than a page, so "Select all 13 matching" reaches a row the page does not show.
  const ids = await addConsultants(request, adminAuth.headers, tag, Array(13).fill(false));
  await page.goto(`/users?search=${encodeURIComponent(`Tools ${tag}`)}&approved=false`);
  await expect(rows(page)).toHaveCount(12);

  await table(page).getByRole("checkbox", { name: "Select all on this page" }).check();
  const bar = page.getByRole("region", { name: "Selected rows" });
  await expect(bar).toContainText("12 selected");
  await expect(page.getByRole("status").filter({ hasText: "12 consultants selected" })).toBeAttached();
  await bar.getByRole("button", { name: "Select all 13 matching" }).click();
  await expect(bar).toContainText("All 13 matching consultants selected");
  await expectNoA11yViolations(page);

  await bar.getByRole("button", { name: "Approve", exact: true }).click();
  const result = page.getByRole("alert").filter({ hasText: "13 updated, 0 refused" });
  await expect(result).toBeVisible();
  // The list is of unapproved consultants: none is left.
  await expect(page.getByText("No Consultants match the search and filters")).toBeVisible();
  expect(await approvedStates(request, adminAuth.headers, ids)).toEqual(Array(13).fill(true));

  // Undo is offered for 10 seconds: pressed first, the page's accessibility is read after.
  await result.getByRole("button", { name: "Undo" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Undone: 13 restored" })).toBeVisible();
  await expect(rows(page)).toHaveCount(12);
  expect(await approvedStates(request, adminAuth.headers, ids)).toEqual(Array(13).fill(false));
  await expectNoA11yViolations(page);
});

test("Undo turns back only the rows the action changed: one approved before stays approved", async ({
  page,
  request,
  adminAuth,
}) => {
  const tag = unique();
  const ids = await addConsultants(request, adminAuth.headers, tag, [true, false, false]);
  await page.goto(`/users?search=${encodeURIComponent(`Tools ${tag}`)}`);
  await expect(rows(page)).toHaveCount(3);

  await table(page).getByRole("checkbox", { name: "Select all on this page" }).check();
  const bar = page.getByRole("region", { name: "Selected rows" });
  await bar.getByRole("button", { name: "Approve", exact: true }).click();
  const result = page.getByRole("alert").filter({ hasText: "2 updated, 1 already approved, 0 refused" });
  await expect(result).toBeVisible();
  expect(await approvedStates(request, adminAuth.headers, ids)).toEqual([true, true, true]);

  await result.getByRole("button", { name: "Undo" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Undone: 2 restored" })).toBeVisible();
  expect(await approvedStates(request, adminAuth.headers, ids)).toEqual([true, false, false]);
  await expectNoA11yViolations(page);
});

test("a bulk delete asks first, stating the count", async ({ page, request, adminAuth }) => {
  const tag = unique();
  await addConsultants(request, adminAuth.headers, tag, [false, false]);
  await page.goto(`/users?search=${encodeURIComponent(`Tools ${tag}`)}`);
  await expect(rows(page)).toHaveCount(2);
  await table(page)
    .getByRole("checkbox", { name: `Select Tools ${tag} 00` })
    .check();
  await table(page)
    .getByRole("checkbox", { name: `Select Tools ${tag} 01` })
    .check();
  await page.getByRole("region", { name: "Selected rows" }).getByRole("button", { name: "Delete" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("Delete 2 consultants?");
  await page.waitForFunction(() =>
    Array.from(document.querySelectorAll(".mantine-Modal-content")).every(
      (element) => getComputedStyle(element).opacity === "1",
    ),
  );
  await expectNoA11yViolations(page);
  await dialog.getByRole("button", { name: "Delete 2" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "2 deleted, 0 refused" })).toBeVisible();
  await expect(page.getByText("No Consultants found matching your search")).toBeVisible();
});

test("an export the server refuses shows the server's reason", async ({ page, request, adminAuth }) => {
  const tag = unique();
  await addConsultants(request, adminAuth.headers, tag, [true]);
  await page.route("**/api/v2/Consultants/consultants/export**", (route) =>
    route.fulfill({
      status: 503,
      contentType: "application/json",
      body: JSON.stringify({ message: "The export is paused for maintenance" }),
    }),
  );
  await page.goto(`/users?search=${encodeURIComponent(`Tools ${tag}`)}`);
  await page.getByRole("button", { name: "Export 1 row" }).click();
  await expect(
    page.getByRole("alert").filter({ hasText: "The export is paused for maintenance" }),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Export 1 row" })).toBeEnabled();
});

test("the user lists filter by status and role, kept in the address", async ({ page }) => {
  await page.goto("/internal-users");
  const role = page.getByRole("combobox", { name: "Role" });
  await role.selectOption({ label: "Admin" });
  await expect(page).toHaveURL(/[?&]role=Admin(&|$)/);
  const internal = page.getByRole("table", { name: "Internal Users" });
  await expect(internal.locator("tbody tr").first()).toContainText("Admin");
  await expect(page.getByRole("button", { name: /^Export \d+ rows?$/ })).toBeEnabled();
  await expectNoA11yViolations(page);
  await page.reload();
  await expect(role).toHaveValue("Admin");

  await page.goto("/app-users");
  await page.getByRole("combobox", { name: "Status" }).selectOption({ label: "Rejected" });
  await expect(page).toHaveURL(/[?&]status=rejected(&|$)/);
  await expect(page.getByText("No App Users match the search and filters")).toBeVisible();
  await expect(page.getByRole("button", { name: "Export 0 rows" })).toBeDisabled();
  await expectNoA11yViolations(page);
});

test("appointments: a date preset and a range narrow the list, which then confirms in bulk", async ({
  page,
  request,
  adminAuth,
}) => {
  const { consultant } = await appointmentsAhead(
    request,
    adminAuth.headers,
    [1, 3],
    (days) => `In ${days} days`,
  );
  await page.goto(`/user-appointments?consultant=${consultant.guidId}`);
  const list = page.getByRole("table", { name: "User appointments" });
  await expect(list.locator("tbody tr")).toHaveCount(2);

  const nextWeek = page.getByRole("button", { name: "Next 7 days" });
  await nextWeek.click();
  await expect(nextWeek).toHaveAttribute("aria-pressed", "true");
  await expect(page).toHaveURL(/[?&]from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}/);
  await expect(list.locator("tbody tr")).toHaveCount(2);
  await page.getByLabel("From").fill(daysAhead(2));
  await expect(nextWeek).toHaveAttribute("aria-pressed", "false");
  await expect(list.locator("tbody tr")).toHaveCount(1);
  await expect(list.locator("tbody tr")).toContainText("In 3 days");
  await page.reload();
  await expect(page.getByLabel("From")).toHaveValue(daysAhead(2));
  await expect(list.locator("tbody tr")).toHaveCount(1);
  await expect(page.getByRole("button", { name: "Export 1 row" })).toBeEnabled();

  await list.getByRole("checkbox", { name: "Select all on this page" }).check();
  const bar = page.getByRole("region", { name: "Selected rows" });
  await expect(bar).toContainText("1 selected");
  await expectNoA11yViolations(page);
  await bar.getByRole("button", { name: "Confirm" }).click();
  const result = page.getByRole("alert").filter({ hasText: "1 updated, 0 refused" });
  await expect(result).toBeVisible();
  // Confirming has no opposite action: nothing to undo.
  await expect(result.getByRole("button", { name: "Undo" })).toHaveCount(0);
  await expect(list.locator("tbody tr")).toContainText("Confirmed");
});

test("appointments: mark paid in bulk, then Undo marks them unpaid again", async ({
  page,
  request,
  adminAuth,
}) => {
  const { consultant, ids } = await appointmentsAhead(
    request,
    adminAuth.headers,
    [1, 2],
    (days) => `Paid in ${days} days`,
  );
  await page.goto(`/user-appointments?consultant=${consultant.guidId}&paid=false`);
  const list = page.getByRole("table", { name: "User appointments" });
  await expect(list.locator("tbody tr")).toHaveCount(2);

  await list.getByRole("checkbox", { name: "Select all on this page" }).check();
  const bar = page.getByRole("region", { name: "Selected rows" });
  await bar.getByRole("button", { name: "Mark paid" }).click();
  const result = page.getByRole("alert").filter({ hasText: "2 updated, 0 refused" });
  await expect(result).toBeVisible();
  // The list is of unpaid appointments: none is left.
  await expect(list.locator("tbody tr")).toHaveCount(0);
  expect(await paidStates(request, adminAuth.headers, ids)).toEqual([true, true]);

  await result.getByRole("button", { name: "Undo" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Undone: 2 restored" })).toBeVisible();
  await expect(list.locator("tbody tr")).toHaveCount(2);
  expect(await paidStates(request, adminAuth.headers, ids)).toEqual([false, false]);
  await expectNoA11yViolations(page);
});

test("appointments: Undo of mark paid leaves an appointment paid before it paid", async ({
  page,
  request,
  adminAuth,
}) => {
  const { consultant, ids } = await appointmentsAhead(
    request,
    adminAuth.headers,
    [1, 2],
    (days) => `Paid before in ${days} days`,
  );
  const paidBefore = await request.post("/api/v2/userAppointment/bulk", {
    ...adminAuth,
    data: { action: "markPaid", ids: [ids[0]] },
  });
  expect(paidBefore.status()).toBe(200);
  await page.goto(`/user-appointments?consultant=${consultant.guidId}`);
  const list = page.getByRole("table", { name: "User appointments" });
  await expect(list.locator("tbody tr")).toHaveCount(2);

  await list.getByRole("checkbox", { name: "Select all on this page" }).check();
  await page
    .getByRole("region", { name: "Selected rows" })
    .getByRole("button", { name: "Mark paid" })
    .click();
  const result = page.getByRole("alert").filter({ hasText: "1 updated, 1 already paid, 0 refused" });
  await expect(result).toBeVisible();
  expect(await paidStates(request, adminAuth.headers, ids)).toEqual([true, true]);

  await result.getByRole("button", { name: "Undo" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Undone: 1 restored" })).toBeVisible();
  expect(await paidStates(request, adminAuth.headers, ids)).toEqual([true, false]);
  await expectNoA11yViolations(page);
});

test("a bulk action counts the refused rows and says why", async ({ page, request, adminAuth }) => {
  const tag = unique();
  const [kept, gone] = await addConsultants(request, adminAuth.headers, tag, [false, false]);
  await page.goto(`/users?search=${encodeURIComponent(`Tools ${tag}`)}`);
  await table(page).getByRole("checkbox", { name: "Select all on this page" }).check();
  // Someone else deletes one of the picked consultants meanwhile.
  expect((await request.delete(`/api/v2/Consultants/${gone}`, { headers: adminAuth.headers })).status()).toBe(
    200,
  );
  await page
    .getByRole("region", { name: "Selected rows" })
    .getByRole("button", { name: "Make premium" })
    .click();
  const result = page.getByRole("alert").filter({ hasText: "1 updated, 1 refused" });
  await expect(result).toContainText("Consultant not found");
  await expect(result.getByRole("button", { name: "Undo" })).toBeVisible();
  const response = await request.get(`/api/v2/Consultants/${kept}`, { headers: adminAuth.headers });
  expect(((await response.json()) as { isPremium: boolean }).isPremium).toBe(true);
});

test("the Countries filter loads when first reached: picked by keyboard or mouse, kept in the address", async ({
  page,
  request,
  adminAuth,
}) => {
  const tag = unique();
  for (const [index, country] of ["japan", "canada"].entries()) {
    const response = await request.post("/api/v2/Consultants/register", {
      headers: adminAuth.headers,
      multipart: {
        Name: `Tools ${tag} ${String(index).padStart(2, "0")}`,
        BusinessName: `Tools Agency ${tag}`,
        ContactEmail: `tools.${index}.${tag}@example.com`,
        PhoneNumber: "+1 555 0100",
        IsApproved: "true",
        IsPremium: "false",
        country,
      },
    });
    expect(response.status()).toBe(201);
  }
  await page.goto(`/users?search=${encodeURIComponent(`Tools ${tag}`)}`);
  await expect(rows(page)).toHaveCount(2);
  await expectNoA11yViolations(page);
  const filters = page.getByRole("group", { name: "Filters" });

  const standIn = await filters.getByRole("button", { name: "Countries" }).boundingBox();

  // By keyboard: Tab from Premium reaches Countries, which takes typing and opens its options.
  await page.getByRole("combobox", { name: "Premium" }).focus();
  await page.keyboard.press("Tab");
  const countries = filters.getByRole("combobox", { name: "Countries" });
  await expect(countries).toBeFocused();
  // The select took the place of its stand-in without moving anything around it.
  const select = await page.locator(".mantine-MultiSelect-input").boundingBox();
  expect(select).toEqual(standIn);
  await page.keyboard.type("Jap");
  await expect(page.getByRole("option", { name: "Japan" })).toBeVisible();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/[?&]country=japan(&|$)/);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page)).toContainText(`Tools ${tag} 00`);
  await page.keyboard.press("Escape");
  await expectNoA11yViolations(page);

  // A set filter shows its choice in a fresh load.
  await page.reload();
  await expect(filters.getByText("Japan", { exact: true })).toBeVisible();
  await expect(rows(page)).toHaveCount(1);

  // By mouse, on a list that has not loaded the select yet.
  await page.goto(`/users?search=${encodeURIComponent(`Tools ${tag}`)}`);
  await expect(rows(page)).toHaveCount(2);
  // The pointer reaching the stand-in loads the select, which may take its place before the click lands:
  // the click then opens the select itself, as it would for a user.
  await filters
    .getByRole("button", { name: "Countries" })
    .or(filters.getByRole("combobox", { name: "Countries" }))
    .click();
  await page.getByRole("option", { name: "Canada" }).click();
  await expect(page).toHaveURL(/[?&]country=canada(&|$)/);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page)).toContainText(`Tools ${tag} 01`);
});

test("a row's Action menu, loaded when first reached, opens from the keyboard and gives the focus back", async ({
  page,
  request,
  adminAuth,
}) => {
  const tag = unique();
  await addConsultants(request, adminAuth.headers, tag, [true]);
  await page.goto(`/users?search=${encodeURIComponent(`Tools ${tag}`)}`);
  await expect(rows(page)).toHaveCount(1);
  const button = page.getByRole("button", { name: `Actions for Tools ${tag} 00` });
  await expectNoA11yViolations(page);
  // Reached by Tab from the row's checkbox, past the consultant's name (a link), as a keyboard user would.
  await table(page)
    .getByRole("checkbox", { name: `Select Tools ${tag} 00` })
    .focus();
  await page.keyboard.press("Tab");
  await expect(table(page).getByRole("link", { name: `Tools ${tag} 00` })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(button).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("menuitem", { name: "Manage Timings" })).toBeVisible();
  // The open menu takes the focus (Escape is the menu's own key: it closes it from inside).
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.closest('[role="menu"]') !== null))
    .toBe(true);
  await page.keyboard.press("Escape");
  await expect(page.getByRole("menuitem", { name: "Manage Timings" })).toBeHidden();
  await expect(button).toBeFocused();
});
