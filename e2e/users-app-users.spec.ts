import type { FileChooser, Page } from "@playwright/test";
import { expect, expectNoA11yViolations, test, unique } from "./support/fixtures";

/** Real 1x1 images: a PNG and a GIF (any image type is accepted for app users). */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
const GIF = Buffer.from("R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==", "base64");
const image = (name: string, buffer = PNG, mimeType = "image/png") => ({ name, mimeType, buffer });

/** A text input by its label (the required asterisk is not part of the accessible name). */
const field = (page: Page, label: string) => page.getByRole("textbox", { name: label, exact: true });
/** A file input: its role is button, named by its label. */
const fileInput = (page: Page, label: string) => page.getByRole("button", { name: label, exact: true });
/** Chooses a file as a person does: the image field's button opens the file chooser. */
async function chooseFile(page: Page, label: string, file: Parameters<FileChooser["setFiles"]>[0]) {
  const chooser = page.waitForEvent("filechooser");
  await fileInput(page, label).click();
  await (await chooser).setFiles(file);
}
const search = (page: Page) => page.getByPlaceholder("Search App Users...");
const table = (page: Page) => page.getByRole("table", { name: "App Users" });
const grid = (page: Page) => page.getByRole("list", { name: "App Users" });

test("a staff member adds an app user with three images, finds, edits and deletes it", async ({ page }) => {
  const u = unique();
  const person = {
    userName: `amina${u}`,
    email: `Amina.${u}@Example.com`,
    firstName: `Amina${u}`,
    lastName: `Rauf${u}`,
    // Digits only: the phone rule refuses letters, and the search finds it by its digits.
    phoneNumber: `+92 321 ${String(Date.now()).slice(-7)}`,
    cnic: `4210${String(Date.now()).slice(-1)}-${String(Date.now()).slice(-7)}-${u.length % 10}`,
  };

  // The list: the add button exists but is hidden.
  await page.goto("/app-users");
  await expect(page.getByRole("heading", { name: "App Users", level: 2 })).toBeVisible();
  const addButton = page.getByRole("link", { name: "+ Add App User", includeHidden: true });
  await expect(addButton).toHaveCount(1);
  await expect(addButton).toBeHidden();
  await expect(search(page)).toBeVisible();

  await page.goto("/add-app-user");
  await expect(page.getByRole("heading", { name: "Add App User" })).toBeVisible();
  await expectNoA11yViolations(page);

  // Every required field's message.
  await page.getByRole("button", { name: "Add App User" }).click();
  for (const message of [
    "Username is required",
    "Email is required",
    "First name is required",
    "Last name is required",
    "Phone number is required",
    "Date of birth is required",
    "CNIC Number is required",
    "Address is required",
  ]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  await expect(page.getByText("Password is required", { exact: true })).toHaveCount(2);

  await field(page, "Username").fill(person.userName);
  await field(page, "Email").fill("not-an-email");
  await field(page, "First Name").click();
  await expect(page.getByText("Invalid email address")).toBeVisible();
  await field(page, "Email").fill(person.email);
  await field(page, "First Name").fill(person.firstName);
  await field(page, "Last Name").fill(person.lastName);
  await field(page, "Phone Number").fill(person.phoneNumber);
  await field(page, "Date of Birth").fill("1994-03-21");
  await field(page, "CNIC Number").fill("4210112345671");
  await field(page, "Address").click();
  await expect(page.getByText("CNIC must be in format: 12345-1234567-1")).toBeVisible();
  await field(page, "CNIC Number").fill(person.cnic);
  await field(page, "Address").fill("7 Clifton Block 5, Karachi");

  // Passwords: show/hide toggles and the live mismatch check.
  await field(page, "Password").fill("amina-password-1");
  await field(page, "Confirm Password").fill("amina-password");
  await expect(page.getByText("Passwords do not match")).toBeVisible();
  await field(page, "Confirm Password").pressSequentially("-1");
  await expect(page.getByText("Passwords do not match")).toBeHidden();
  await expect(field(page, "Password")).toHaveAttribute("type", "password");
  await page.getByRole("button", { name: "Show or hide password", exact: true }).click();
  await expect(field(page, "Password")).toHaveAttribute("type", "text");
  await page.getByRole("button", { name: "Show or hide password", exact: true }).click();
  await expect(field(page, "Password")).toHaveAttribute("type", "password");

  // Three images, each previewed before saving.
  await chooseFile(page, "Profile Picture", image("me.png"));
  await chooseFile(page, "CNIC Front", image("front.png"));
  await chooseFile(page, "CNIC Back", image("back.gif", GIF, "image/gif"));
  for (const alt of ["Profile Picture preview", "CNIC Front preview", "CNIC Back preview"]) {
    await expect(page.getByRole("img", { name: alt, exact: true })).toBeVisible();
  }
  await expect(page.getByRole("img", { name: "Profile picture preview", exact: true })).toBeVisible();
  await expectNoA11yViolations(page);

  await page.getByRole("button", { name: "Add App User" }).click();
  await expect(page.getByText("AppUser added successfully!")).toBeVisible();
  await expect(page).toHaveURL(/\/app-users$/);

  // Found by each search field, in the table and in the grid.
  for (const term of [
    person.userName,
    person.email.toLowerCase(),
    person.firstName,
    person.lastName,
    person.phoneNumber,
  ]) {
    await search(page).fill(term);
    await expect(table(page).getByRole("row")).toHaveCount(2);
    const row = table(page).getByRole("row").nth(1);
    await expect(row).toContainText(person.userName);
    await expect(row).toContainText(person.email);
    await expect(row).toContainText(`${person.firstName} ${person.lastName}`);
    await expect(row).toContainText(person.phoneNumber);
    await expect(row).toContainText(person.cnic);
    const avatar = row.getByRole("img", {
      name: `Profile picture of ${person.firstName} ${person.lastName}`,
    });
    await expect(avatar).toBeVisible();
    // A list loads the small copy of each picture, never the original.
    await expect(avatar).toHaveAttribute("src", /\?size=thumbnail$/);
  }
  await expectNoA11yViolations(page);
  await page.getByRole("tab", { name: "Grid view" }).click();
  for (const term of [person.userName, person.email, person.firstName, person.lastName, person.phoneNumber]) {
    await search(page).fill(term);
    await expect(grid(page).getByRole("listitem")).toHaveCount(1);
    const card = grid(page).getByRole("listitem").first();
    for (const text of [
      `${person.firstName} ${person.lastName}`,
      person.email,
      person.phoneNumber,
      "1994-03-21",
      person.cnic,
      "7 Clifton Block 5, Karachi",
    ]) {
      await expect(card).toContainText(text);
    }
  }
  await expectNoA11yViolations(page);
  await search(page).fill(`nobody-${u}`);
  await expect(page.getByText("No App Users found matching your search")).toBeVisible();

  // Edit: the stored images are previewed and the password inputs are disabled.
  await search(page).fill(person.userName);
  await grid(page)
    .getByRole("button", { name: `Edit ${person.userName}` })
    .click();
  await expect(page).toHaveURL(/\/edit-app-user\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { name: "Edit App User" })).toBeVisible();
  await expect(field(page, "Username")).toHaveValue(person.userName);
  await expect(field(page, "CNIC Number")).toHaveValue(person.cnic);
  await expect(field(page, "Password")).toBeDisabled();
  await expect(field(page, "Confirm Password")).toBeDisabled();
  await expect(fileInput(page, "Profile Picture")).toHaveCount(0);
  await expect(page.getByRole("img", { name: "Profile picture preview", exact: true })).toBeVisible();
  for (const alt of ["CNIC Front preview", "CNIC Back preview"]) {
    const preview = page.getByRole("img", { name: alt, exact: true });
    await expect(preview).toBeVisible();
    await expect(preview).toHaveAttribute("src", /^blob:/);
  }
  await expectNoA11yViolations(page);

  // The picture changes through the side avatar's camera button.
  const chooser = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: "Change profile picture" }).click();
  await (await chooser).setFiles(image("new-me.png"));
  await expect(page.getByRole("img", { name: "Profile picture preview", exact: true })).toHaveAttribute(
    "src",
    /^blob:/,
  );
  await field(page, "Address").fill("9 Gulberg III, Lahore");
  await page.getByRole("button", { name: "Update App User" }).click();
  await expect(page.getByText("AppUser updated successfully!")).toBeVisible();
  await expect(page).toHaveURL(/\/app-users$/);

  // The list remembers the grid chosen before the edit; back to the table.
  await expect(page.getByRole("tab", { name: "Grid view" })).toHaveAttribute("aria-selected", "true");
  await page.getByRole("tab", { name: "Table view" }).click();
  await search(page).fill(person.userName);
  await expect(table(page).getByRole("row")).toHaveCount(2);
  await page.getByRole("tab", { name: "Grid view" }).click();
  await expect(grid(page).getByRole("listitem").first()).toContainText("9 Gulberg III, Lahore");

  // Delete from the table's Action menu, after the confirmation.
  await page.getByRole("tab", { name: "Table view" }).click();
  await page.getByRole("button", { name: `Actions for ${person.userName}` }).click();
  await page.getByRole("menuitem", { name: "Delete" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByText("Are you sure you want to delete this app user?")).toBeVisible();
  // Axe measures colours as shown: wait for the menu to close and the dialog to finish fading in.
  await expect(page.getByRole("menu")).toBeHidden();
  await expect(dialog).toHaveCSS("opacity", "1");
  await expectNoA11yViolations(page);
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("AppUser deleted successfully")).toBeVisible();
  await expect(page.getByText("No App Users found matching your search")).toBeVisible();
});

test("the edit form is reached from the Action menu with the keyboard and Cancel goes back", async ({
  page,
  request,
  adminAuth,
}) => {
  const u = unique();
  const response = await request.post("/api/v2/User/adduser", {
    headers: adminAuth.headers,
    multipart: {
      UserName: `kbd${u}`,
      Email: `kbd${u}@example.com`,
      FirstName: "Key",
      LastName: "Board",
      PhoneNumber: "+92 300 7654321",
      DateOfBirth: "1988-08-08",
      cnic: `3520${u.length % 10}-${String(Date.now()).slice(-7)}-2`,
      Address: "1 Mall Road",
      Password: "keyboard-password",
    },
  });
  expect(response.status()).toBe(201);

  await page.goto(`/app-users?search=kbd${u}`);
  const actions = page.getByRole("button", { name: `Actions for kbd${u}` });
  await actions.focus();
  await page.keyboard.press("Enter");
  await page.getByRole("menuitem", { name: "Edit" }).press("Enter");
  await expect(page).toHaveURL(/\/edit-app-user\//);
  await expect(field(page, "Username")).toHaveValue(`kbd${u}`);
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page).toHaveURL(/\/app-users$/);
});
