import type { Page } from "@playwright/test";
import { consultantWithHours, daysAhead, dialog, expectDialogAccessible } from "./support/appointments";
import { ADMIN } from "./support/env";
import { expect, expectNoA11yViolations, sentMails, test, unique } from "./support/fixtures";

const row = (page: Page, text: string) => page.getByRole("row").filter({ hasText: text });

async function chooseConsultant(page: Page, scope: ReturnType<typeof dialog>, name: string) {
  const select = scope.getByRole("combobox", { name: "Consultant", exact: true });
  await select.click();
  await select.fill(name);
  await page.getByRole("option", { name, exact: true }).click();
}

test("a staff member books, confirms, marks paid, views, cancels, meets a taken slot and deletes", async ({
  page,
  request,
  adminAuth,
}) => {
  const u = unique();
  const consultant = await consultantWithHours(request, adminAuth, `Amina Advisory ${u}`);
  const date = daysAhead(20 + (Date.now() % 200));
  const description = `Student visa file review ${u}`;

  // This consultant's appointments only (the run's other specs book too).
  await page.goto(`/user-appointments?consultant=${consultant.guidId}`);
  await expect(page.getByRole("heading", { name: "User Appointments" })).toBeVisible();
  await expect(page.getByText("No appointments match the selected filters.")).toBeVisible();
  await expectNoA11yViolations(page);

  // Create: submit stays disabled until the form is valid; the counter follows the description.
  await page.getByRole("button", { name: "New Appointment" }).click();
  const create = dialog(page, "Create New Appointment");
  await expect(create).toBeVisible();
  const createButton = create.getByRole("button", { name: "Create Appointment" });
  await expect(createButton).toBeDisabled();
  await expect(create.getByLabel("Appointment Date")).toHaveAttribute("min", /^\d{4}-\d{2}-\d{2}$/);
  await expectDialogAccessible(page, "Create New Appointment");
  await chooseConsultant(page, create, consultant.name);
  await create.getByLabel("Appointment Date").fill(date);
  const times = create.getByLabel("Appointment Time");
  await expect(times.locator("option")).toHaveCount(21);
  await expect(times.locator("option").nth(1)).toHaveText("09:00");
  await expect(times.locator("option").last()).toHaveText("18:30");
  await times.selectOption("10:30");
  await create.getByLabel("Description").fill("x".repeat(501));
  await expect(create.getByText("501/500")).toBeVisible();
  await expect(create.getByText("Description must be less than 500 characters")).toBeVisible();
  await expect(createButton).toBeDisabled();
  await create.getByLabel("Description").fill(description);
  await expect(create.getByText(`${description.length}/500`)).toBeVisible();
  await create.getByLabel("Support Contact").fill("+92 51 7654321");
  await expect(createButton).toBeEnabled();
  await createButton.click();
  await expect(page.getByText("Appointment created successfully")).toBeVisible();
  await expect(create).toBeHidden();

  const booked = row(page, description);
  await expect(booked).toContainText("10:30");
  await expect(booked).toContainText(ADMIN.email);
  // The Consultant column shows the name, with the id on hover.
  await expect(booked.getByText(consultant.name)).toHaveAttribute(
    "title",
    `Consultant ID: ${consultant.guidId}`,
  );
  await expect(booked).toContainText("Pending");

  // Edit to Confirmed: unchanged form cannot be submitted.
  await booked.getByRole("button", { name: "Edit" }).click();
  const edit = dialog(page, "Edit Appointment");
  const updateButton = edit.getByRole("button", { name: "Update Appointment" });
  await expect(updateButton).toBeDisabled();
  await expectDialogAccessible(page, "Edit Appointment");
  await edit.getByLabel("Confirmed").check();
  await updateButton.click();
  await expect(page.getByText("Appointment updated successfully").first()).toBeVisible();
  await expect(booked).toContainText("Confirmed");

  // Mark paid.
  await booked.getByRole("button", { name: "Edit" }).click();
  await expect(edit.getByLabel("Confirmed")).toBeChecked();
  await edit.getByLabel("Payment Received").check();
  await edit.getByRole("button", { name: "Update Appointment" }).click();
  await expect(edit).toBeHidden();

  // Details: long weekday date, ids, emails and the Yes/No status list.
  await booked.getByRole("button", { name: "View details" }).click();
  const details = dialog(page, "Appointment Details");
  const longDate = new Intl.DateTimeFormat("en-US", {
    weekday: "long",
    month: "long",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(`${date}T00:00:00Z`));
  await expect(details.getByRole("heading", { name: longDate })).toBeVisible();
  await expect(details).toContainText(consultant.guidId);
  await expect(details).toContainText(ADMIN.email);
  await expect(details).toContainText("+92 51 7654321");
  await expect(details).toContainText(description);
  await expect(details.getByRole("listitem").filter({ hasText: "Confirmed:" })).toContainText("Yes");
  await expect(details.getByRole("listitem").filter({ hasText: "Cancelled:" })).toContainText("No");
  await expect(details.getByRole("listitem").filter({ hasText: "Payment Received:" })).toContainText("Yes");
  await expectDialogAccessible(page, "Appointment Details");

  // Send Reminder mails the user (the outbox stands in for SMTP).
  await details.getByRole("button", { name: "Send Reminder" }).click();
  await expect(page.getByText(`Reminder sent to ${ADMIN.email}`)).toBeVisible();
  await expect
    .poll(() =>
      sentMails().some((mail) => mail.includes(`To: ${ADMIN.email}\nSubject: Reminder: your appointment`)),
    )
    .toBe(true);

  // Cancel through the quick action, with a confirmation.
  await details.getByRole("button", { name: "Cancel Appointment" }).click();
  await expect(details.getByText("Cancel this appointment?")).toBeVisible();
  await expectDialogAccessible(page, "Appointment Details");
  // The reason goes to the customer and the consultant.
  await details.getByLabel("Reason for the cancellation").fill("The customer asked to cancel");
  await details.getByRole("button", { name: "Yes, cancel it" }).click();
  await expect(details.getByRole("listitem").filter({ hasText: "Cancelled:" })).toContainText("Yes");
  await expect(details.getByRole("button", { name: "Mark Confirmed" })).toBeDisabled();
  await page.keyboard.press("Escape");
  await expect(details).toBeHidden();
  await expect(booked).toContainText("Cancelled");

  // Reschedule opens the edit dialog on the stored record.
  await booked.getByRole("button", { name: "View details" }).click();
  await details.getByRole("button", { name: "Reschedule" }).click();
  await expect(details).toBeHidden();
  await expect(edit.getByLabel("Confirmed")).toBeChecked();
  await expect(edit.getByLabel("Cancelled")).toBeChecked();
  await expect(edit.getByLabel("Payment Received")).toBeChecked();
  await edit.getByLabel("Appointment Time").selectOption("12:00");
  await edit.getByRole("button", { name: "Update Appointment" }).click();
  await expect(edit).toBeHidden();
  await expect(booked).toContainText("12:00");

  // A slot someone else takes while the dialog is open: the server's 409 reads once, in the dialog.
  await page.getByRole("button", { name: "New Appointment" }).click();
  await chooseConsultant(page, create, consultant.name);
  await create.getByLabel("Appointment Date").fill(date);
  await create.getByLabel("Appointment Time").selectOption("11:00");
  await create.getByLabel("Description").fill(`Second try ${u}`);
  const other = await request.post("/api/v2/userAppointment", {
    ...adminAuth,
    data: {
      consultantId: consultant.guidId,
      appointmentDate: date,
      appointmentTime: "11:00",
      description: `Held ${u}`,
    },
  });
  expect(other.status()).toBe(201);
  await create.getByRole("button", { name: "Create Appointment" }).click();
  await expect(create.getByText("Failed to create appointment. Please try again.")).toBeVisible();
  await expect(create.getByRole("alert")).toContainText(
    "This time slot is already booked for this consultant",
  );
  await expect(page.getByText("This time slot is already booked for this consultant")).toHaveCount(1);
  await expect(page.getByText("Failed to create appointment", { exact: true })).toHaveCount(0);
  await create.getByRole("button", { name: "Cancel" }).click();
  await dialog(page, "Unsaved changes").getByRole("button", { name: "Discard" }).click();

  // Delete the first one for good.
  await booked.getByRole("button", { name: "Delete" }).click();
  const confirm = dialog(page, "Confirm Delete");
  await expect(confirm).toContainText("12:00");
  await expect(confirm).toContainText("Are you sure you want to delete this appointment?");
  await expect(confirm).toContainText("This action cannot be undone.");
  await expectDialogAccessible(page, "Confirm Delete");
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Appointment deleted successfully")).toBeVisible();
  await expect(row(page, description)).toHaveCount(0);
});

test("the list shows a change at once and is not refetched when reopened within 5 minutes", async ({
  page,
  request,
  adminAuth,
}) => {
  const u = unique();
  const consultant = await consultantWithHours(request, adminAuth, `Bilal Consulting ${u}`);
  // Tomorrow, so it is on the first page (the list opens upcoming first, soonest first) whatever else the
  // run books, which is weeks ahead or more.
  const date = daysAhead(1);
  let listCalls = 0;
  page.on("request", (req) => {
    if (req.method() === "GET" && req.url().includes("/api/v2/userAppointment/appointments")) listCalls += 1;
  });

  await page.goto("/user-appointments");
  await expect(page.getByRole("heading", { name: "User Appointments" })).toBeVisible();
  await expect(page.getByText("Loading appointments...")).toBeHidden();
  expect(listCalls).toBe(1);

  await page.getByRole("button", { name: "New Appointment" }).click();
  const create = dialog(page, "Create New Appointment");
  await chooseConsultant(page, create, consultant.name);
  await create.getByLabel("Appointment Date").fill(date);
  await create.getByLabel("Appointment Time").selectOption("15:30");
  await create.getByLabel("Description").fill(`Cached list ${u}`);
  await create.getByRole("button", { name: "Create Appointment" }).click();
  // Invalidation: the new row shows at once, without a reload.
  await expect(row(page, `Cached list ${u}`)).toContainText("Pending");

  // The Mark Confirmed quick action: the list follows at once too.
  await row(page, `Cached list ${u}`).getByRole("button", { name: "View details" }).click();
  const details = dialog(page, "Appointment Details");
  await details.getByRole("button", { name: "Mark Confirmed" }).click();
  await expect(page.getByText("Appointment updated successfully")).toBeVisible();
  await expect(details.getByRole("listitem").filter({ hasText: "Confirmed:" })).toContainText("Yes");
  await details.getByRole("button", { name: "Close" }).click();
  await expect(row(page, `Cached list ${u}`)).toContainText("Confirmed");
  await page.waitForLoadState("networkidle");
  const afterCreate = listCalls;

  // Away to the dashboard and back through the menu: the cached list shows, with no new request.
  await page.getByRole("link", { name: "Dashboard" }).click();
  await expect(page).toHaveURL(/\/home$/);
  await page.getByRole("button", { name: "Appointments" }).click();
  await page.getByRole("link", { name: "User Appointments" }).click();
  await expect(row(page, `Cached list ${u}`)).toBeVisible();
  await page.waitForTimeout(500);
  expect(listCalls).toBe(afterCreate);

  // Filters: by consultant, then by status.
  const filter = page.getByRole("combobox", { name: "Consultant filter" });
  await filter.click();
  await filter.fill(consultant.name);
  await page.getByRole("option", { name: consultant.name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`consultant=${consultant.guidId}`));
  await expect(page.getByRole("row")).toHaveCount(2);
  await page.getByLabel("Status").selectOption("Cancelled");
  await expect(page.getByText("No appointments match the selected filters.")).toBeVisible();
  await page.getByLabel("Status").selectOption("Confirmed");
  await expect(row(page, `Cached list ${u}`)).toBeVisible();
});

test("a failed load shows the error panel, and Retry loads the list", async ({ page }) => {
  // The list call cannot reach the server (a network failure, not a made-up answer).
  const listCall = "**/api/v2/userAppointment/appointments**";
  await page.route(listCall, (route) => route.abort());
  await page.goto("/user-appointments");
  await expect(page.getByText("Error Loading Appointments")).toBeVisible();
  await expect(page.getByText("Failed to load appointments. Please try again.")).toBeVisible();
  await expectNoA11yViolations(page);

  await page.unroute(listCall);
  await page.getByRole("button", { name: "Retry" }).click();
  await expect(page.getByText("Error Loading Appointments")).toBeHidden();
  await expect(page.getByRole("table").or(page.getByText("No Appointments Found"))).toBeVisible();
});

test("each row's buttons name the appointment they act on", async ({ page, request, adminAuth }) => {
  const u = unique();
  const consultant = await consultantWithHours(request, adminAuth, `Row Names ${u}`);
  const date = daysAhead(2000 + (Date.now() % 300));
  for (const time of ["10:00", "14:30"]) {
    const booked = await request.post("/api/v2/userAppointment", {
      ...adminAuth,
      data: { consultantId: consultant.guidId, appointmentDate: date, appointmentTime: time, description: u },
    });
    expect(booked.status()).toBe(201);
  }
  await page.goto(`/user-appointments?consultant=${consultant.guidId}`);
  await expect(page.getByRole("row")).toHaveCount(3);

  for (const action of ["View details of", "Edit", "Delete"]) {
    const buttons = page
      .getByRole("table")
      .getByRole("button", { name: new RegExp(`^${action} appointment`) });
    await expect(buttons).toHaveCount(2);
    const names = await buttons.evaluateAll((nodes) => nodes.map((node) => node.getAttribute("aria-label")));
    expect(new Set(names).size).toBe(2);
    expect(names.join(" | ")).toContain("at 10:00");
    expect(names.join(" | ")).toContain("at 14:30");
    expect(names.every((name) => name?.includes(`with Row Names ${u}`))).toBe(true);
  }
  // Sighted staff still see the short words on hover.
  await row(page, "10:00")
    .getByRole("button", { name: /^Edit appointment/ })
    .hover();
  await expect(page.getByRole("tooltip", { name: "Edit" })).toBeVisible();
});
