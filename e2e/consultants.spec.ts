import type { APIRequestContext, Page } from "@playwright/test";
import { expect, expectNoA11yViolations, test, unique } from "./support/fixtures";

/** A real 1x1 PNG, chosen in the form's file input. */
const LOGO = {
  name: "logo.png",
  mimeType: "image/png",
  buffer: Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
    "base64",
  ),
};

/** A consultant added the way another staff member would, through the API. */
async function addConsultant(
  request: APIRequestContext,
  headers: Record<string, string>,
  fields: Record<string, string>,
) {
  const response = await request.post("/api/v2/Consultants/register", {
    headers,
    multipart: { PhoneNumber: "+1 555 0100", IsApproved: "true", IsPremium: "false", ...fields },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as { guidId: string; name: string };
}

/** Modals fade in; axe must see them fully opaque. */
async function dialogSettled(page: Page) {
  await page.waitForFunction(() =>
    Array.from(document.querySelectorAll(".mantine-Modal-content")).every(
      (element) => getComputedStyle(element).opacity === "1",
    ),
  );
}

const table = (page: Page) => page.getByRole("table", { name: "Consultants" });
/** The Name input (its label reads "Name *"; "Business Name" must not match). */
const nameInput = (page: Page) => page.getByRole("textbox", { name: /^Name/ });
const search = (page: Page) => page.getByRole("searchbox", { name: "Search Consultants..." });

test("a staff member adds a consultant with a logo, then finds it in the table and the grid", async ({
  page,
}) => {
  const name = `Nadia Farooq ${unique()}`;
  await page.goto("/users");
  await expect(page.getByRole("heading", { name: "Consultant", exact: true })).toBeVisible();
  await page.getByRole("link", { name: "+ Add Consultant" }).click();
  await expect(page).toHaveURL(/\/add-user$/);
  await expect(page.getByRole("heading", { name: "Add Consultant" })).toBeVisible();
  await expectNoA11yViolations(page);

  // Submitting with the required fields empty names each of them.
  await page.getByRole("button", { name: "Add Consultant" }).click();
  await expect(page.getByText("Please fill in all required fields")).toBeVisible();
  for (const message of [
    "Name is required",
    "Business name is required",
    "Contact email is required",
    "Phone number is required",
  ]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }

  await nameInput(page).fill(name);
  await page.getByLabel("Business Name").fill("Farooq Migration Partners");
  await page.getByLabel("Contact Email").fill("nadia@farooq.example.com");
  await page.getByLabel("Phone Number").fill("+44 20 7946 0000");
  await page.getByLabel("Website").fill("not a website");
  await page.getByLabel("Website").blur();
  await expect(page.getByText("Website must be a valid URL")).toBeVisible();
  await page.getByLabel("Website").fill("https://farooq.example.com");
  await page.getByLabel("Rating").fill("4.8");
  await page.getByLabel("Countries", { exact: true }).first().click();
  await page.getByRole("option", { name: "Japan" }).click();
  await page.getByRole("option", { name: "Germany" }).click();
  await page.keyboard.press("Escape");
  // About grows with its text up to a limit, then scrolls.
  const about = page.getByLabel("About");
  const aboutHeight = async () => (await about.boundingBox())?.height ?? 0;
  const emptyHeight = await aboutHeight();
  await about.fill(Array.from({ length: 6 }, (_, line) => `Line ${line + 1}`).join("\n"));
  await expect.poll(aboutHeight).toBeGreaterThan(emptyHeight * 2);
  const sixLines = await aboutHeight();
  await about.fill(Array.from({ length: 40 }, (_, line) => `Line ${line + 1}`).join("\n"));
  await expect.poll(aboutHeight).toBeLessThan(sixLines * 2.5);
  await about.fill("Visa advice for families since 2009.");
  await page.getByLabel("Services").fill("Consultation,Filing");
  await page.getByLabel("Visa Fee").fill("250.50");
  await page.getByLabel("Opens at").fill("09:00");
  await page.getByLabel("Closes at").fill("17:30");
  await page.getByLabel("Approval").selectOption({ label: "Approved" });
  await page.getByLabel("Premium").selectOption({ label: "Premium" });
  // The image field's button opens the file chooser, as for a person.
  const chooser = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: "Logo", exact: true }).click();
  await (await chooser).setFiles(LOGO);
  await expect(page.getByRole("img", { name: "Logo preview" })).toBeVisible();
  await page.getByRole("button", { name: "Add Consultant" }).click();

  await expect(page.getByText("Consultant added successfully")).toBeVisible();
  await expect(page).toHaveURL(/\/users$/);
  await search(page).fill(name);
  const row = table(page).getByRole("row").filter({ hasText: name });
  await expect(row).toBeVisible();
  await expect(row).toContainText("nadia@farooq.example.com");
  await expect(row).toContainText("Farooq Migration Partners");
  await expect(row).toContainText("Japan, Germany");
  await expect(row).toContainText("+44 20 7946 0000");
  const logo = row.getByRole("img", { name: `Logo of ${name}` });
  await expect(logo).toBeVisible();
  expect(await logo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  // A list loads the small copy of each logo, never the original.
  await expect(logo).toHaveAttribute("src", /\/files\/[0-9a-f-]{36}\.webp\?size=thumbnail$/);
  await expectNoA11yViolations(page);

  await page.getByRole("tab", { name: "Grid view" }).click();
  const card = page
    .getByRole("list", { name: "Consultants" })
    .getByRole("listitem")
    .filter({ hasText: name });
  await expect(card).toContainText("nadia@farooq.example.com");
  await expect(card).toContainText("Services");
  await expect(card).toContainText("250.50");
  await expect(card).toContainText("Countries: Japan, Germany");
  await expect(card).toContainText("Business: Farooq Migration Partners");
  await expect(card.getByRole("button", { name: `Edit ${name}` })).toBeVisible();
  await expectNoA11yViolations(page);

  // Edit from the card, keeping the logo.
  await card.getByRole("button", { name: `Edit ${name}` }).click();
  await expect(page.getByRole("heading", { name: "Edit Consultant" })).toBeVisible();
  await expect(nameInput(page)).toHaveValue(name);
  await expect(page.getByLabel("Opens at")).toHaveValue("09:00");
  await expect(page.getByLabel("Approval")).toHaveValue("true");
  await expectNoA11yViolations(page);
  await nameInput(page).fill(`${name} Updated`);
  await page.getByLabel("Business Name").fill("Farooq & Co");
  await page.getByRole("button", { name: "Update Consultant" }).click();
  await expect(page.getByText("Consultant updated successfully")).toBeVisible();
  await expect(page).toHaveURL(/\/users$/);
  // The list remembers the grid chosen before the edit; back to the table.
  await expect(page.getByRole("tab", { name: "Grid view" })).toHaveAttribute("aria-selected", "true");
  await page.getByRole("tab", { name: "Table view" }).click();
  await search(page).fill(`${name} Updated`);
  const updated = table(page)
    .getByRole("row")
    .filter({ hasText: `${name} Updated` });
  await expect(updated).toContainText("Farooq & Co");
  await expect(updated.getByRole("img", { name: `Logo of ${name} Updated` })).toBeVisible();
});

test("search matches name, email, business name and country; more than 12 consultants page", async ({
  page,
  request,
  adminAuth,
}) => {
  const tag = unique();
  const special = await addConsultant(request, adminAuth.headers, {
    Name: `Searchable ${tag}`,
    BusinessName: `Orchid Visa House ${tag}`,
    ContactEmail: `orchid.${tag}@visa.example`,
    country: "russia",
  });
  for (let n = 1; n <= 13; n += 1) {
    await addConsultant(request, adminAuth.headers, {
      Name: `Paged ${tag} ${String(n).padStart(2, "0")}`,
      BusinessName: `Paging Agency ${tag}`,
      ContactEmail: `paged${n}@example.com`,
    });
  }

  await page.goto("/users");
  for (const term of [`searchable ${tag}`, `ORCHID.${tag}`, `orchid visa house ${tag}`, "russia"]) {
    await search(page).fill(term);
    await expect(table(page).getByRole("row").filter({ hasText: special.name })).toBeVisible();
    await expect(
      table(page)
        .getByRole("row")
        .filter({ hasText: `Paged ${tag}` }),
    ).toHaveCount(0);
  }
  await search(page).fill(`nobody ${tag}`);
  await expect(page.getByText("No Consultants found matching your search")).toBeVisible();

  await search(page).fill(`paging agency ${tag}`);
  await expect(
    table(page)
      .getByRole("row")
      .filter({ hasText: `Paged ${tag} 13` }),
  ).toBeVisible();
  // Newest first: 13 down to 02 on page 1, 01 alone on page 2.
  await expect(table(page).locator("tbody tr")).toHaveCount(12);
  await expect(page.getByRole("button", { name: "Previous page" })).toBeVisible();
  await page.getByRole("button", { name: "Next page" }).click();
  await expect(table(page).locator("tbody tr")).toHaveCount(1);
  await expect(
    table(page)
      .getByRole("row")
      .filter({ hasText: `Paged ${tag} 01` }),
  ).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole("button", { name: "Page 1", exact: true }).click();
  await expect(table(page).locator("tbody tr")).toHaveCount(12);
  // One page only: no paging buttons.
  await search(page).fill(`Searchable ${tag}`);
  await expect(table(page).locator("tbody tr")).toHaveCount(1);
  await expect(page.getByRole("button", { name: "Next page" })).toHaveCount(0);
});

test("timings: add, edit and delete from the Action menu's Manage Timings", async ({
  page,
  request,
  adminAuth,
}) => {
  const consultant = await addConsultant(request, adminAuth.headers, {
    Name: `Timed ${unique()}`,
    BusinessName: "Hours & Co",
    ContactEmail: "hours@example.com",
  });
  await page.goto(`/users?search=${encodeURIComponent(consultant.name)}`);
  await page.getByRole("button", { name: `Actions for ${consultant.name}` }).click();
  await page.getByRole("menuitem", { name: "Manage Timings" }).click();
  await expect(page).toHaveURL(new RegExp(`/consultant-timings/${consultant.guidId}$`));
  await expect(page.getByRole("heading", { name: "Consultant Timings" })).toBeVisible();
  await expect(page.getByText('No timings found. Click "Add Timing" to get started.')).toBeVisible();
  await expectNoA11yViolations(page);

  await page.getByRole("button", { name: "+ Add Timing" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Timing" });
  await expect(
    dialog.getByText("Enter a range such as 9:00 AM - 5:00 PM, or leave empty for closed."),
  ).toBeVisible();
  await dialog.getByRole("button", { name: "Add Timing" }).click();
  await expect(dialog.getByText("Please enter timing for at least one day")).toBeVisible();
  await dialogSettled(page);
  await expectNoA11yViolations(page);
  await dialog.getByLabel("Monday").fill("09:00 - 17:00");
  await dialog.getByLabel("Saturday").fill("10:00 - 13:00");
  await dialog.getByRole("button", { name: "Add Timing" }).click();
  await expect(page.getByText("Timing added successfully")).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = page.getByRole("table", { name: "Timings" }).locator("tbody tr");
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("09:00 - 17:00");
  await expect(row).toContainText("Closed");

  await page.getByRole("button", { name: "Edit timing 1" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Timing" });
  await expect(edit.getByLabel("Monday")).toHaveValue("09:00 - 17:00");
  await edit.getByLabel("Saturday").fill("");
  await edit.getByLabel("Friday").fill("08:00 - 12:00");
  await edit.getByRole("button", { name: "Update Timing" }).click();
  await expect(page.getByText("Timing updated successfully")).toBeVisible();
  await expect(row).toContainText("08:00 - 12:00");
  await expect(row).not.toContainText("10:00 - 13:00");

  await page.getByRole("button", { name: "Delete timing 1" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete Timing" });
  await expect(confirm.getByText("Are you sure you want to delete this timing?")).toBeVisible();
  await dialogSettled(page);
  await expectNoA11yViolations(page);
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Timing deleted successfully")).toBeVisible();
  await expect(page.getByText('No timings found. Click "Add Timing" to get started.')).toBeVisible();

  await page.getByRole("link", { name: "Consultant", exact: true }).click();
  await expect(page).toHaveURL(/\/users$/);
});

test("addresses: add, edit and delete from the card's Addresses button", async ({
  page,
  request,
  adminAuth,
}) => {
  const consultant = await addConsultant(request, adminAuth.headers, {
    Name: `Located ${unique()}`,
    BusinessName: "Places Ltd",
    ContactEmail: "places@example.com",
  });
  await page.goto(`/users?search=${encodeURIComponent(consultant.name)}`);
  await page.getByRole("tab", { name: "Grid view" }).click();
  await page.getByRole("button", { name: `Addresses of ${consultant.name}` }).click();
  await expect(page.getByRole("heading", { name: "Consultant Addresses" })).toBeVisible();
  await expect(page.getByText('No addresses found. Click "Add Address" to get started.')).toBeVisible();
  await expectNoA11yViolations(page);

  await page.getByRole("button", { name: "+ Add Address" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Address" });
  await dialog.getByLabel("Latitude").fill("95");
  await dialog.getByLabel("Latitude").blur();
  await expect(dialog.getByText("Latitude must be between -90 and 90")).toBeVisible();
  await dialog.getByRole("button", { name: "Add Address" }).click();
  for (const message of [
    "Address is required",
    "City is required",
    "State is required",
    "Country is required",
    "ZIP Code is required",
    "Latitude must be between -90 and 90",
  ]) {
    await expect(dialog.getByText(message, { exact: true })).toBeVisible();
  }
  await dialogSettled(page);
  await expectNoA11yViolations(page);
  await dialog.getByRole("textbox", { name: /^Address/ }).fill("1 Infinite Loop");
  await dialog.getByLabel("City").fill("Cupertino");
  await dialog.getByLabel("State").fill("California");
  await dialog.getByLabel("Country").fill("USA");
  await dialog.getByLabel("ZIP Code").fill("95014");
  await dialog.getByLabel("Latitude").fill("37.33");
  await dialog.getByLabel("Longitude").fill("-122.03");
  await dialog.getByRole("button", { name: "Add Address" }).click();
  await expect(page.getByText("Address added successfully")).toBeVisible();
  const row = page.getByRole("table", { name: "Addresses" }).locator("tbody tr");
  await expect(row).toContainText("Cupertino");
  await expect(row).toContainText("37.33, -122.03");

  await page.getByRole("button", { name: "Edit address 1 Infinite Loop" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Address" });
  await edit.getByLabel("City").fill("San Jose");
  await edit.getByRole("button", { name: "Update Address" }).click();
  await expect(page.getByText("Address updated successfully")).toBeVisible();
  await expect(row).toContainText("San Jose");

  await page.getByRole("button", { name: "Delete address 1 Infinite Loop" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete Address" });
  await expect(confirm.getByText("Are you sure you want to delete this address?")).toBeVisible();
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Address deleted successfully")).toBeVisible();
  await expect(page.getByText('No addresses found. Click "Add Address" to get started.')).toBeVisible();
});

test("deleting a consultant asks to confirm and what happens to booked appointments, and removes it from the list", async ({
  page,
  request,
  adminAuth,
}) => {
  const tag = unique();
  const consultant = await addConsultant(request, adminAuth.headers, {
    Name: `Leaving ${tag}`,
    BusinessName: "Exit Visas",
    ContactEmail: "exit@example.com",
  });
  const nextWeek = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  const booking = await request.post("/api/v2/userAppointment", {
    headers: adminAuth.headers,
    data: {
      consultantId: consultant.guidId,
      appointmentDate: nextWeek,
      appointmentTime: "10:00",
      description: "Work visa interview preparation",
      // This consultant keeps no hours: staff book anyway.
      allowOutsideHours: true,
    },
  });
  expect(booking.status()).toBe(201);

  await page.goto(`/users?search=${encodeURIComponent(consultant.name)}`);
  await page.getByRole("button", { name: `Actions for ${consultant.name}` }).click();
  await page.getByRole("menuitem", { name: "Delete" }).click();
  await expect(page).toHaveURL(new RegExp(`/delete-user/${consultant.guidId}$`));
  await expect(page.getByRole("heading", { name: "Delete Consultant" })).toBeVisible();
  await expect(page.getByText(consultant.name)).toBeVisible();
  await expect(page.getByText("Are you sure you want to delete this consultant?")).toBeVisible();
  await expect(
    page.getByText("This consultant has 1 upcoming appointment that is not cancelled."),
  ).toBeVisible();
  await expectNoA11yViolations(page);

  // Cancel changes nothing.
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page).toHaveURL(/\/users/);
  await expect(table(page).getByRole("row").filter({ hasText: consultant.name })).toBeVisible();

  await page.goto(`/delete-user/${consultant.guidId}`);
  const remove = page.getByRole("button", { name: "Delete", exact: true });
  await expect(remove).toBeDisabled();
  await page.getByRole("radio", { name: 'Keep them, flagged "consultant removed"' }).check();
  await expect(remove).toBeEnabled();
  await remove.click();
  await expect(
    page.getByText('Consultant deleted; 1 upcoming appointment kept, flagged "consultant removed"'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/users$/);
  await search(page).fill(consultant.name);
  await expect(page.getByText("No Consultants found matching your search")).toBeVisible();
});
