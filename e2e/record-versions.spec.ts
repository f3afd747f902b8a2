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
