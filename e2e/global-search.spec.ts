import { consultantWithHours } from "./support/appointments";
import { expect, expectNoA11yViolations, test, unique } from "./support/fixtures";

/** The header's search (Ctrl/Cmd+K): every kind of record from one box, grouped, walked with the keyboard. */

async function addAppUser(
  request: Parameters<typeof consultantWithHours>[0],
  headers: Record<string, string>,
  userName: string,
  cnic: string,
) {
  const response = await request.post("/api/v2/User/adduser", {
    headers,
    multipart: {
      UserName: userName,
      Email: `${userName}@example.com`,
      FirstName: "Found",
      LastName: "Customer",
      PhoneNumber: "+92 300 7654321",
      DateOfBirth: "1990-01-01",
      cnic,
      Address: "1 Mall Road",
      Password: "found-customer-password",
    },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as { guidId: string };
}

test("Ctrl+K finds an app user by CNIC and Enter opens the user", async ({ page, request, adminAuth }) => {
  const u = unique();
  const cnic = `3740${u.length % 10}-${String(Date.now()).slice(-7)}-5`;
  await addAppUser(request, adminAuth.headers, `cnic${u}`, cnic);

  await page.goto("/home");
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  await page.keyboard.press("Control+K");
  const dialog = page.getByRole("dialog", { name: "Search" });
  const input = dialog.getByRole("combobox", { name: /Search consultants, app users/ });
  await expect(input).toBeFocused();
  await input.fill(cnic);
  const appUsers = dialog.getByRole("group", { name: "App users · 1 app user" });
  await expect(appUsers.getByRole("option", { name: new RegExp(cnic) })).toBeVisible();
  await expectNoA11yViolations(page);

  await input.press("Enter");
  await expect(page).toHaveURL(/\/edit-app-user\//);
  await expect(page.getByRole("textbox", { name: "Username" })).toHaveValue(`cnic${u}`);
  await expect(dialog).toBeHidden();
});

test("the arrow keys walk from one group into the next; Escape closes", async ({
  page,
  request,
  adminAuth,
}) => {
  const u = unique();
  const term = `walk${u}`;
  await consultantWithHours(request, adminAuth, `Walk${u} Consultant`);
  await addAppUser(
    request,
    adminAuth.headers,
    term,
    `3750${u.length % 10}-${String(Date.now()).slice(-7)}-1`,
  );

  await page.goto("/home");
  await page.getByRole("button", { name: "Search", exact: true }).first().click();
  const dialog = page.getByRole("dialog", { name: "Search" });
  const input = dialog.getByRole("combobox");
  await input.fill(term);
  const consultants = dialog.getByRole("group", { name: "Consultants · 1 consultant" });
  const appUsers = dialog.getByRole("group", { name: "App users · 1 app user" });
  await expect(consultants.getByRole("option")).toHaveCount(1);
  await expect(appUsers.getByRole("option")).toHaveCount(1);

  const active = async () => {
    const id = await input.getAttribute("aria-activedescendant");
    return id ? page.locator(`[id="${id}"]`) : null;
  };
  await input.press("ArrowDown");
  await expect(consultants.getByRole("option")).toHaveAttribute("data-combobox-selected", "true");
  expect(await (await active())?.textContent()).toContain(`Walk${u} Consultant`);
  await input.press("ArrowDown");
  await expect(appUsers.getByRole("option")).toHaveAttribute("data-combobox-selected", "true");
  await expect(consultants.getByRole("option")).not.toHaveAttribute("data-combobox-selected");
  expect(await (await active())?.textContent()).toContain(`${term}@example.com`);
  await input.press("ArrowUp");
  await expect(consultants.getByRole("option")).toHaveAttribute("data-combobox-selected", "true");
  await expectNoA11yViolations(page);

  await input.press("Escape");
  await expect(dialog).toBeHidden();
});

test("a term that matches nothing says so", async ({ page }) => {
  await page.goto("/home");
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  await page.keyboard.press("Control+K");
  const dialog = page.getByRole("dialog", { name: "Search" });
  await dialog.getByRole("combobox").fill(`nothing${unique()}`);
  await expect(dialog.getByRole("status")).toContainText("Nothing matches");
  await expect(dialog.getByRole("option")).toHaveCount(0);
  await expectNoA11yViolations(page);
});
