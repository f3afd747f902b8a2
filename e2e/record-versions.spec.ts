import type { Page } from "@playwright/test";
import { ADMIN_STATE } from "./support/env";
import { expect, expectNoA11yViolations, test, unique } from "./support/fixtures";

const nameInput = (page: Page) => page.getByRole("textbox", { name: /^Name/ });
const phoneInput = (page: Page) => page.getByRole("textbox", { name: /^Phone Number/ });
const saveButton = (page: Page) => page.getByRole("button", { name: "Update Consultant" });

test("two people edit one consultant: the second save is refused, shows what changed, and saves after Reload", async ({
  browser,
  request,
  adminAuth,
}) => {
  const original = `Versioned ${unique()}`;
  const created = await request.post("/api/v2/Consultants/register", {
    headers: adminAuth.headers,
    multipart: {
      Name: original,
      BusinessName: "Two Desks Ltd",
      ContactEmail: "two.desks@example.com",
      PhoneNumber: "+1 555 0100",
    },
  });
  expect(created.status()).toBe(201);
  const { guidId } = (await created.json()) as { guidId: string };

  // Two staff members, each in a browser of their own, open the same consultant.
  const first = await browser.newContext({ storageState: ADMIN_STATE });
  const second = await browser.newContext({ storageState: ADMIN_STATE });
  const a = await first.newPage();
  const b = await second.newPage();
  for (const page of [a, b]) {
    await page.goto(`/edit-user/${guidId}`);
    await expect(nameInput(page)).toHaveValue(original);
  }

  // A renames it and saves.
  const renamed = `${original} (renamed by A)`;
  await nameInput(a).fill(renamed);
  await saveButton(a).click();
  await expect(a).toHaveURL(/\/users$/);

  // B, still on the old version, changes the phone number and saves: refused, nothing lost.
  await phoneInput(b).fill("+1 555 0199");
  await saveButton(b).click();
  const conflict = b
    .getByRole("alert")
    .filter({ hasText: "This record was changed by someone else since you opened it" });
  await expect(conflict).toBeVisible();
  await expect(conflict).toContainText("Changed since you opened it: Name.");
  await expect(conflict).toBeFocused();
  // B's edit stays in the form until B decides to reload.
  await expect(phoneInput(b)).toHaveValue("+1 555 0199");
  await expect(nameInput(b)).toHaveValue(original);
  // The alert reads in both colour schemes (the app follows the system's by default).
  await b.emulateMedia({ colorScheme: "light" });
  await expectNoA11yViolations(b);
  await b.emulateMedia({ colorScheme: "dark" });
  await expect.poll(() => b.evaluate(() => document.documentElement.dataset.mantineColorScheme)).toBe("dark");
  await expectNoA11yViolations(b);

  await conflict.getByRole("button", { name: "Reload" }).click();
  await expect(conflict).toBeHidden();
  await expect(nameInput(b)).toHaveValue(renamed);
  await expect(phoneInput(b)).toHaveValue("+1 555 0100");

  await phoneInput(b).fill("+1 555 0199");
  await saveButton(b).click();
  await expect(b).toHaveURL(/\/users$/);

  const stored = await request.get(`/api/v2/Consultants/${guidId}`, { headers: adminAuth.headers });
  expect(await stored.json()).toMatchObject({ name: renamed, phoneNumber: "+1 555 0199", version: 3 });
  await first.close();
  await second.close();
});

test("a timing changed by someone else while its dialog is open: the alert names the day, Reload takes it in", async ({
  page,
  request,
  adminAuth,
}) => {
  const created = await request.post("/api/v2/Consultants/register", {
    headers: adminAuth.headers,
    multipart: {
      Name: `Hours ${unique()}`,
      BusinessName: "Hours Ltd",
      ContactEmail: "hours@example.com",
      PhoneNumber: "+1 555 0100",
    },
  });
  const { guidId } = (await created.json()) as { guidId: string };
  const timingOf = (fields: Record<string, unknown>) =>
    request.post("/api/v2/Consultants/consultanttimings", {
      headers: adminAuth.headers,
      data: { consultantId: guidId, monday: "09:00 - 17:00", ...fields },
    });
  const timing = (await (await timingOf({ id: 0 })).json()) as { id: number; guidId: string };

  await page.goto(`/consultant-timings/${guidId}`);
  await page.getByRole("button", { name: "Edit timing 1" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Timing" });
  await dialog.getByRole("textbox", { name: "Monday" }).fill("10:00 - 18:00");

  // Meanwhile another staff member opens Tuesday.
  const other = await timingOf({
    id: timing.id,
    guidId: timing.guidId,
    tuesday: "09:00 - 13:00",
    version: 1,
  });
  expect(other.status()).toBe(200);

  await dialog.getByRole("button", { name: "Update Timing" }).click();
  const conflict = dialog.getByRole("alert").filter({ hasText: "This record was changed by someone else" });
  await expect(conflict).toContainText("Changed since you opened it: Tuesday.");
  await expect(conflict).toBeFocused();
  await expect(dialog.getByRole("textbox", { name: "Monday" })).toHaveValue("10:00 - 18:00");
  await expectNoA11yViolations(page);

  await conflict.getByRole("button", { name: "Reload" }).click();
  await expect(dialog.getByRole("textbox", { name: "Tuesday" })).toHaveValue("09:00 - 13:00");
  await expect(dialog.getByRole("textbox", { name: "Monday" })).toHaveValue("09:00 - 17:00");
  await dialog.getByRole("textbox", { name: "Monday" }).fill("10:00 - 18:00");
  await dialog.getByRole("button", { name: "Update Timing" }).click();
  await expect(dialog).toBeHidden();
  const stored = await request.get(`/api/v2/Consultants/${guidId}`, { headers: adminAuth.headers });
  expect((await stored.json()).timings[0]).toMatchObject({
    monday: "10:00 - 18:00",
    tuesday: "09:00 - 13:00",
    version: 3,
  });
});

test("an app user changed by someone else: the edit form names the field and saves after Reload", async ({
  page,
  request,
  adminAuth,
}) => {
  const n = String(Date.now()).slice(-7);
  const fields = {
    UserName: `versioned${n}`,
    Email: `versioned${n}@example.com`,
    FirstName: "Ali",
    LastName: "Khan",
    PhoneNumber: `+92 300 ${n}`,
    DateOfBirth: "1990-04-12",
    cnic: `35202-${n}-1`,
    Address: "12 Mall Road, Lahore",
    Password: "app-user-password",
  };
  const created = await request.post("/api/v2/User/adduser", {
    headers: adminAuth.headers,
    multipart: fields,
  });
  expect(created.status()).toBe(201);
  const { guidId } = (await created.json()) as { guidId: string };

  await page.goto(`/edit-app-user/${guidId}`);
  const firstName = page.getByRole("textbox", { name: "First Name", exact: false });
  await expect(firstName).toHaveValue("Ali");
  await page.getByRole("textbox", { name: /^Address/ }).fill("5 Canal View, Lahore");

  const other = await request.put(`/api/v2/User/update-user?id=${guidId}`, {
    headers: adminAuth.headers,
    multipart: { ...fields, FirstName: "Sara", GuidId: guidId, version: "1" },
  });
  expect(other.status()).toBe(200);

  await page.getByRole("button", { name: "Update App User" }).click();
  const conflict = page.getByRole("alert").filter({ hasText: "This record was changed by someone else" });
  await expect(conflict).toContainText("Changed since you opened it: First Name.");
  await expectNoA11yViolations(page);
  await conflict.getByRole("button", { name: "Reload" }).click();
  await expect(firstName).toHaveValue("Sara");
  await page.getByRole("textbox", { name: /^Address/ }).fill("5 Canal View, Lahore");
  await page.getByRole("button", { name: "Update App User" }).click();
  await expect(page).toHaveURL(/\/app-users$/);
  const stored = await request.get(`/api/v2/User/users/${guidId}`, { headers: adminAuth.headers });
  expect(await stored.json()).toMatchObject({
    firstName: "Sara",
    address: "5 Canal View, Lahore",
    version: 3,
  });
});
