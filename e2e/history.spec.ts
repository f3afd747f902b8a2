import { activeStaff, signInAs } from "./support/accounts";
import { consultantWithHours } from "./support/appointments";
import { expect, expectNoA11yViolations, test, unique } from "./support/fixtures";

test("a fee change reads in the consultant's History tab, and a note shows there and in the side panel", async ({
  page,
  request,
  adminAuth,
}) => {
  const name = `Hina Rauf ${unique()}`;
  const created = await request.post("/api/v2/Consultants/register", {
    headers: adminAuth.headers,
    multipart: {
      Name: name,
      BusinessName: "Rauf Visas",
      ContactEmail: "hina@rauf.example.com",
      PhoneNumber: "+92 300 1112223",
      Fee: "100",
      IsApproved: "true",
      IsPremium: "false",
    },
  });
  expect(created.status()).toBe(201);
  const { guidId } = await created.json();

  await page.goto(`/edit-user/${guidId}`);
  await page.getByLabel("Visa Fee").fill("150");
  await page.getByRole("button", { name: "Update Consultant" }).click();
  await expect(page).toHaveURL(/\/users$/);

  await page.goto(`/edit-user/${guidId}`);
  await page.getByRole("tab", { name: "History" }).click();
  const history = page.getByRole("list", { name: "History" });
  await expect(history.getByText(/Visa Fee PKR\s?100(\.00)? → PKR\s?150(\.00)?/)).toBeVisible();
  await expect(history.getByText("created")).toBeVisible();
  await expectNoA11yViolations(page);

  // A note, written from the keyboard, joins the history.
  const note = `Asked for the bank statement ${unique()}`;
  await page.getByRole("textbox", { name: "Add note" }).fill(note);
  await page.getByRole("textbox", { name: "Add note" }).press("Tab");
  await page.keyboard.press("Enter");
  await expect(history.getByText(note)).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Add note" })).toHaveValue("");
  await expectNoA11yViolations(page);

  await page.getByRole("button", { name: "Open side panel" }).click();
  const panel = page.getByRole("dialog", { name: "Side panel" });
  await panel.getByRole("tab", { name: "Notes" }).click();
  await expect(panel.getByRole("list", { name: "Notes" }).getByText(note)).toBeVisible();
  await expectNoA11yViolations(page);
});

test("the side panel's Notes tab asks for a record away from one", async ({ page }) => {
  await page.goto("/home");
  await page.getByRole("button", { name: "Open side panel" }).click();
  const panel = page.getByRole("dialog", { name: "Side panel" });
  await panel.getByRole("tab", { name: "Notes" }).click();
  await expect(panel.getByText("Open a record to see its notes")).toBeVisible();
  await expectNoA11yViolations(page);
});

test("an Admin opens Activity from the sidebar and filters it by record type", async ({
  page,
  request,
  adminAuth,
}) => {
  const created = await request.post("/api/v2/Consultants/register", {
    headers: adminAuth.headers,
    multipart: {
      Name: `Activity Consultant ${unique()}`,
      BusinessName: "Activity Visas",
      ContactEmail: "activity@example.com",
      PhoneNumber: "+92 300 1112224",
      IsApproved: "true",
      IsPremium: "false",
    },
  });
  expect(created.status()).toBe(201);

  await page.goto("/home");
  const nav = page.getByRole("navigation", { name: "Navigation" });
  await nav.getByRole("button", { name: "Manage Internal Users" }).click();
  await nav.getByRole("link", { name: "Activity" }).click();
  await expect(page).toHaveURL(/\/activity$/);
  // The pointer leaves the sidebar: a hovered entry is not what axe should judge.
  await page.mouse.move(700, 650);
  await expect(page).toHaveTitle(/Activity/);
  const table = page.getByRole("table", { name: "Activity" });
  await expect(table.getByRole("row").nth(1)).toBeVisible();
  await expectNoA11yViolations(page);

  await page.getByRole("combobox", { name: "Record type" }).click();
  await page.getByRole("option", { name: "Consultant" }).click();
  await expect(page.getByRole("listbox")).toBeHidden();
  await expect(table.getByRole("link", { name: "Consultant" }).first()).toBeVisible();
  await expect(table.getByText("signed in")).toHaveCount(0);
  await expect(table.getByText("Activity Visas").first()).toBeVisible();
  await expectNoA11yViolations(page);
});

test("Activity names a task's row by its title and links it to the task's record", async ({
  page,
  request,
  adminAuth,
}) => {
  const consultant = await consultantWithHours(request, adminAuth, `Activity Task Consultant ${unique()}`);
  const title = `Call embassy ${unique()}`;
  const added = await request.post("/api/v2/tasks", {
    headers: adminAuth.headers,
    data: { title, dueDate: "2031-01-10", entity: "consultant", entityId: consultant.guidId },
  });
  expect(added.status(), await added.text()).toBe(201);
  const { id } = await added.json();
  const edited = await request.put(`/api/v2/tasks/${id}`, {
    headers: adminAuth.headers,
    data: { dueDate: "2031-01-12" },
  });
  expect(edited.status(), await edited.text()).toBe(200);

  await page.goto("/activity");
  await page.getByRole("combobox", { name: "Record type" }).click();
  await page.getByRole("option", { name: "Task" }).click();
  await expect(page.getByRole("listbox")).toBeHidden();
  const table = page.getByRole("table", { name: "Activity" });
  const row = table.getByRole("row").filter({ hasText: "changed a task" }).filter({ hasText: title });
  await expect(row).toContainText(`Task '${title}': Due 2031-01-10 → 2031-01-12`);
  await row.getByRole("link", { name: "Task" }).click();
  await expect(page).toHaveURL(new RegExp(`/edit-user/${consultant.guidId}$`));
  await page.goto("/activity");
  await expect(table.getByRole("row").nth(1)).toBeVisible();
  await expectNoA11yViolations(page);
});

test("Staff do not see Activity, and the screen refuses them", async ({ browser, request, adminAuth }) => {
  const staff = await activeStaff(request, adminAuth.headers);
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await signInAs(page, staff);
  await page.goto("/home");
  const nav = page.getByRole("navigation", { name: "Navigation" });
  await nav.getByRole("button", { name: "Manage Internal Users" }).click();
  await expect(nav.getByRole("link", { name: "Internal Users" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Activity" })).toHaveCount(0);
  await page.goto("/activity");
  await expect(
    page.getByRole("alert").filter({ hasText: "You do not have permission to do this" }),
  ).toBeVisible();
  await expectNoA11yViolations(page);
  await context.close();
});
