import type { APIRequestContext, Page } from "@playwright/test";
import { expect, expectNoA11yViolations, sentMails, test, unique } from "./support/fixtures";

async function addConsultant(
  request: APIRequestContext,
  headers: Record<string, string>,
  fields: Record<string, string>,
) {
  const response = await request.post("/api/v2/Consultants/register", {
    headers,
    multipart: {
      BusinessName: "Polished Visas",
      ContactEmail: "polish@example.com",
      PhoneNumber: "+1 555 0100",
      ...fields,
    },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as { guidId: string; name: string };
}

const nameInput = (page: Page) => page.getByRole("textbox", { name: /^Name/ });
const unsavedDialog = (page: Page) => page.getByRole("dialog", { name: "Unsaved changes" });

/** Opens the consultant's edit form the way staff do: from the list's Action menu (an in-app navigation). */
async function openEditFromList(page: Page, name: string) {
  await page.goto(`/users?search=${encodeURIComponent(name)}`);
  await page.getByRole("button", { name: `Actions for ${name}` }).click();
  await page.getByRole("menuitem", { name: "Edit" }).click();
  await expect(nameInput(page)).toHaveValue(name);
}

/** No horizontal scroll of the page itself. */
async function expectNoPageOverflow(page: Page) {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    inner: window.innerWidth,
  }));
  expect(widths.scroll, "page wider than the screen").toBeLessThanOrEqual(widths.inner);
}

test.describe("unsaved changes", () => {
  test("Cancel, browser Back and a sidebar link ask first; Stay keeps the edits, Leave goes", async ({
    page,
    request,
    adminAuth,
  }) => {
    const consultant = await addConsultant(request, adminAuth.headers, { Name: `Unsaved ${unique()}` });
    await openEditFromList(page, consultant.name);
    await expect(page).toHaveTitle(`Edit consultant — ${consultant.name} — VisaDesk`);
    await nameInput(page).fill(`${consultant.name} (edited)`);

    // Cancel: the question, accessible, with Stay focused first.
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect(unsavedDialog(page)).toBeVisible();
    await expect(unsavedDialog(page).getByRole("button", { name: "Stay" })).toBeFocused();
    await expectNoA11yViolations(page);
    await page.keyboard.press("Enter");
    await expect(unsavedDialog(page)).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`/edit-user/${consultant.guidId}$`));
    await expect(nameInput(page)).toHaveValue(`${consultant.name} (edited)`);

    // A sidebar link asks too; Escape is Stay.
    await page
      .getByRole("navigation", { name: "Navigation" })
      .getByRole("link", { name: "Dashboard" })
      .click();
    await expect(unsavedDialog(page)).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(unsavedDialog(page)).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`/edit-user/${consultant.guidId}$`));

    // Browser Back: asked, and Leave goes back to the list, the edit unsaved.
    await page.goBack();
    await expect(unsavedDialog(page)).toBeVisible();
    await unsavedDialog(page).getByRole("button", { name: "Leave" }).click();
    await expect(page).toHaveURL(/\/users\?search=/);
    await expect(page).toHaveTitle("Consultants — VisaDesk");
    const stored = await request.get(`/api/v2/Consultants/${consultant.guidId}`, {
      headers: adminAuth.headers,
    });
    expect((await stored.json()).name).toBe(consultant.name);
  });

  test("closing the tab with unsaved edits gets the browser's question", async ({
    page,
    request,
    adminAuth,
  }) => {
    const consultant = await addConsultant(request, adminAuth.headers, { Name: `Closing ${unique()}` });
    await page.goto(`/edit-user/${consultant.guidId}`);
    await nameInput(page).fill(`${consultant.name} (edited)`);
    const asked = page.waitForEvent("dialog");
    await page.close({ runBeforeUnload: true });
    const dialog = await asked;
    expect(dialog.type()).toBe("beforeunload");
    await dialog.dismiss();
  });

  test("a half-filled appointment dialog asks before the tab closes; the page has its title", async ({
    page,
  }) => {
    await page.goto("/user-appointments");
    await expect(page).toHaveTitle("Appointments — VisaDesk");
    await page.getByRole("button", { name: "New Appointment" }).click();
    await page
      .getByRole("dialog", { name: "Create New Appointment" })
      .getByLabel("Description")
      .fill("Half typed");
    const asked = page.waitForEvent("dialog");
    await page.close({ runBeforeUnload: true });
    const dialog = await asked;
    expect(dialog.type()).toBe("beforeunload");
    await dialog.dismiss();
  });

  test("an untouched form and a saved one leave without asking", async ({ page, request, adminAuth }) => {
    const consultant = await addConsultant(request, adminAuth.headers, { Name: `Saved ${unique()}` });
    await openEditFromList(page, consultant.name);
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect(page).toHaveURL(/\/users$/);

    await page.goto(`/edit-user/${consultant.guidId}`);
    await nameInput(page).fill(`${consultant.name} (saved)`);
    await page.getByRole("button", { name: "Update Consultant" }).click();
    await expect(page).toHaveURL(/\/users$/);
    await expect(unsavedDialog(page)).toHaveCount(0);
  });

  test("the app user form asks too", async ({ page }) => {
    await page.goto("/add-app-user");
    await page.getByRole("textbox", { name: /^First Name/ }).fill("Half");
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect(unsavedDialog(page)).toBeVisible();
    await unsavedDialog(page).getByRole("button", { name: "Leave" }).click();
    await expect(page).toHaveURL(/\/app-users$/);
  });
});

test.describe("unsaved changes in a dialog", () => {
  test("Escape, the X and Cancel ask before a filled dialog closes; Keep editing keeps, Discard closes", async ({
    page,
    request,
    adminAuth,
  }) => {
    await page.goto("/user-appointments");
    const create = page.getByRole("dialog", { name: "Create New Appointment" });
    const description = create.getByLabel("Description");

    // Untouched: Cancel closes at once.
    await page.getByRole("button", { name: "New Appointment" }).click();
    await create.getByRole("button", { name: "Cancel" }).click();
    await expect(create).toBeHidden();
    await expect(unsavedDialog(page)).toHaveCount(0);

    await page.getByRole("button", { name: "New Appointment" }).click();
    await description.fill("Half typed");

    // Escape: asked, Keep editing focused first, and the answer's own Escape closes only the question.
    await description.press("Escape");
    await expect(unsavedDialog(page)).toBeVisible();
    await expect(unsavedDialog(page).getByRole("button", { name: "Keep editing" })).toBeFocused();
    await expectNoA11yViolations(page);
    await page.keyboard.press("Escape");
    await expect(unsavedDialog(page)).toBeHidden();
    await expect(description).toHaveValue("Half typed");

    // The X asks too; Discard closes, and the dialog opens empty next time.
    await create.getByRole("button", { name: "Close" }).click();
    await unsavedDialog(page).getByRole("button", { name: "Discard" }).click();
    await expect(create).toBeHidden();
    await page.getByRole("button", { name: "New Appointment" }).click();
    await expect(description).toHaveValue("");
    await create.getByRole("button", { name: "Cancel" }).click();
    await expect(create).toBeHidden();

    // A consultant's timing dialog: Cancel asks, Keep editing keeps the text.
    const consultant = await addConsultant(request, adminAuth.headers, { Name: `Dialog ${unique()}` });
    await page.goto(`/consultant-timings/${consultant.guidId}`);
    await page.getByRole("button", { name: "+ Add Timing" }).click();
    const timing = page.getByRole("dialog", { name: "Add Timing" });
    await timing.getByLabel("Monday").fill("09:00 - 17:00");
    await timing.getByRole("button", { name: "Cancel" }).click();
    await unsavedDialog(page).getByRole("button", { name: "Keep editing" }).click();
    await expect(timing.getByLabel("Monday")).toHaveValue("09:00 - 17:00");
    await timing.getByRole("button", { name: "Cancel" }).click();
    await unsavedDialog(page).getByRole("button", { name: "Discard" }).click();
    await expect(timing).toBeHidden();
    await expect(page.getByText("Timing added successfully")).toHaveCount(0);
  });
});

test.describe("page titles", () => {
  test.use({ storageState: { cookies: [], origins: [] } });
  test("the sign-in page has its own", async ({ page }) => {
    await page.goto("/login");
    await expect(page).toHaveTitle("Sign in — VisaDesk");
    await page.getByRole("link", { name: /Forgot/ }).click();
    await expect(page).toHaveTitle("Forgot password — VisaDesk");
  });
});

test("a page past the last one shows the last page, the address corrected in place", async ({
  page,
  request,
  adminAuth,
}) => {
  const consultant = await addConsultant(request, adminAuth.headers, { Name: `Far page ${unique()}` });
  await page.goto("/home");
  await page.goto(`/users?search=${encodeURIComponent(consultant.name)}&page=999`);
  await expect(page.getByRole("button", { name: `Actions for ${consultant.name}` })).toBeVisible();
  await expect(page).toHaveURL(/\/users\?search=[^&]+$/);
  await expect(page.getByText("No consultants found")).toHaveCount(0);
  // Replaced, not added: Back leaves the list.
  await page.goBack();
  await expect(page).toHaveURL(/\/home$/);
});

test("the consultant table shows Approved, Premium and the fee in the server's currency", async ({
  page,
  request,
  adminAuth,
}) => {
  const consultant = await addConsultant(request, adminAuth.headers, {
    Name: `Fee ${unique()}`,
    Fee: "15000",
    IsApproved: "true",
    IsPremium: "false",
  });
  await page.goto(`/users?search=${encodeURIComponent(consultant.name)}`);
  const table = page.getByRole("table", { name: "Consultants" });
  for (const header of ["Visa Fee", "Approved", "Premium"]) {
    await expect(table.getByRole("columnheader", { name: header })).toBeVisible();
  }
  const row = table.getByRole("row").filter({ hasText: consultant.name });
  const cells = row.getByRole("cell");
  const headers = await table.getByRole("columnheader").allTextContents();
  // The browser's own currency format (PKR has no minor digits in common use).
  const fee = await page.evaluate(() =>
    new Intl.NumberFormat(undefined, { style: "currency", currency: "PKR" }).format(15000),
  );
  expect(fee).toMatch(/PKR\s15,000/);
  await expect(cells.nth(headers.indexOf("Visa Fee"))).toHaveText(fee);
  await expect(cells.nth(headers.indexOf("Approved"))).toHaveText("Approved");
  await expect(cells.nth(headers.indexOf("Premium"))).toHaveText("Standard");
  await expectNoA11yViolations(page);
});

test.describe("long names", () => {
  for (const width of [1366, 390]) {
    test(`never make the page wider than a ${width} px screen`, async ({ page, request, adminAuth }) => {
      await page.setViewportSize({ width, height: 800 });
      const long = `Long${unique()}${"x".repeat(180)}`.slice(0, 195);
      const consultant = await addConsultant(request, adminAuth.headers, {
        Name: long,
        ContactEmail: `${"y".repeat(60)}@example.com`,
      });
      await page.goto(`/users?search=${encodeURIComponent(long.slice(0, 30))}`);
      await expect(page.getByText(long).first()).toBeVisible();
      await expectNoPageOverflow(page);
      // The whole name is there for a pointer (title) and a screen reader (the text itself).
      await expect(page.locator(`[title="${long}"]`).first()).toBeAttached();

      await page.goto(`/edit-user/${consultant.guidId}`);
      await expect(nameInput(page)).toHaveValue(long);
      // A 300-character name typed in the form shows live on the profile card.
      await nameInput(page).fill("z".repeat(300));
      await expect(page.getByText("z".repeat(300))).toBeVisible();
      await expectNoPageOverflow(page);

      // The name in the breadcrumbs of its timings and on the delete page's card.
      for (const path of [`/consultant-timings/${consultant.guidId}`, `/delete-user/${consultant.guidId}`]) {
        await page.goto(path);
        await expect(page.getByText(long).first()).toBeVisible();
        await expectNoPageOverflow(page);
        await expectNoA11yViolations(page);
      }
    });
  }
});

test.describe("a narrow screen", () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test("shows cards whose actions are on screen, and remembers a choice of table", async ({
    page,
    request,
    adminAuth,
  }) => {
    const consultant = await addConsultant(request, adminAuth.headers, { Name: `Narrow ${unique()}` });
    await page.goto(`/users?search=${encodeURIComponent(consultant.name)}`);
    await expect(page.getByRole("tab", { name: "Grid view" })).toHaveAttribute("aria-selected", "true");
    const edit = page.getByRole("button", { name: `Edit ${consultant.name}` });
    await expect(edit).toBeInViewport();
    await expectNoPageOverflow(page);
    await expectNoA11yViolations(page);
    await edit.click();
    await expect(page).toHaveURL(new RegExp(`/edit-user/${consultant.guidId}$`));

    await page.goto(`/users?search=${encodeURIComponent(consultant.name)}`);
    await page.getByRole("tab", { name: "Table view" }).click();
    await page.reload();
    await expect(page.getByRole("tab", { name: "Table view" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("table", { name: "Consultants" })).toBeVisible();
  });
});

test.describe("a narrow table", () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test("keeps each row's Edit and Delete on screen while its columns scroll", async ({
    page,
    request,
    adminAuth,
  }) => {
    const consultant = await addConsultant(request, adminAuth.headers, { Name: `Hours ${unique()}` });
    const timing = await request.post("/api/v2/Consultants/consultanttimings", {
      headers: adminAuth.headers,
      data: { consultantId: consultant.guidId, id: 0, monday: "09:00 - 17:00" },
    });
    expect(timing.ok()).toBe(true);
    await page.goto(`/consultant-timings/${consultant.guidId}`);
    const edit = page.getByRole("button", { name: "Edit timing 1" });
    await expect(edit).toBeInViewport();
    await expect(page.getByRole("button", { name: "Delete timing 1" })).toBeInViewport();
    await expectNoPageOverflow(page);
    await expectNoA11yViolations(page);
    await edit.click();
    await expect(page.getByRole("dialog", { name: "Edit Timing" })).toBeVisible();
  });
});

test("staff send an app user a password reset link from the edit screen", async ({
  page,
  request,
  adminAuth,
}) => {
  const u = unique();
  const email = `reset${u}@example.com`;
  const created = await request.post("/api/v2/User/adduser", {
    headers: adminAuth.headers,
    multipart: {
      UserName: `reset${u}`,
      Email: email,
      FirstName: "Reset",
      LastName: "Me",
      PhoneNumber: "+92 300 7654321",
      DateOfBirth: "1990-01-01",
      cnic: `3520${u.length % 10}-${String(Date.now()).slice(-7)}-3`,
      Address: "1 Mall Road",
      Password: "forgotten-password",
    },
  });
  expect(created.status()).toBe(201);
  const { guidId } = (await created.json()) as { guidId: string };

  await page.goto(`/edit-app-user/${guidId}`);
  await expect(page).toHaveTitle("Edit app user — Reset Me — VisaDesk");
  const before = sentMails().length;
  await page.getByRole("button", { name: "Send password reset link" }).click();
  await expect(
    page.getByRole("alert").filter({ hasText: `A password reset link was sent to ${email}` }),
  ).toBeVisible();
  await expect
    .poll(
      () =>
        sentMails()
          .slice(before)
          .filter((mail) => mail.includes(email)).length,
    )
    .toBe(1);
  const mail = sentMails().find((text) => text.includes(email)) ?? "";
  // A customer's link opens the customer site's page, not the back-office's.
  expect(mail).toMatch(/\/book\/reset-password\?token=[\w-]{40,}/);
  await expectNoA11yViolations(page);
});
