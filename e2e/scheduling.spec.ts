import type { Page } from "@playwright/test";
import { consultantWithHours, daysAhead, dialog, expectDialogAccessible } from "./support/appointments";
import { expect, expectNoA11yViolations, test, unique } from "./support/fixtures";

/** Real hours: every day 09:00 to 12:00 and 13:00 to 17:00 (a lunch break). */
const LUNCH_BREAK = "09:00 - 12:00, 13:00 - 17:00";

async function openBooking(page: Page, consultant: { guidId: string; name: string }, date: string) {
  await page.goto(`/user-appointments?consultant=${consultant.guidId}`);
  await page.getByRole("button", { name: "New Appointment" }).click();
  const create = dialog(page, "Create New Appointment");
  const select = create.getByRole("combobox", { name: "Consultant", exact: true });
  await select.click();
  await select.fill(consultant.name);
  await page.getByRole("option", { name: consultant.name, exact: true }).click();
  await create.getByLabel("Appointment Date").fill(date);
  return create;
}

test("the dialog offers the day's free slots and books one of them", async ({ page, request, adminAuth }) => {
  const u = unique();
  const consultant = await consultantWithHours(request, adminAuth, `Free Slots ${u}`, LUNCH_BREAK);
  const date = daysAhead(30 + (Date.now() % 200));
  const held = await request.post("/api/v2/userAppointment", {
    ...adminAuth,
    data: {
      consultantId: consultant.guidId,
      appointmentDate: date,
      appointmentTime: "10:00",
      description: `Held ${u}`,
    },
  });
  expect(held.status()).toBe(201);

  const create = await openBooking(page, consultant, date);
  const times = create.getByLabel("Appointment Time");
  // 09:00-12:00 and 13:00-17:00 in 30-minute slots is 14 starts; 10:00 is taken: 13, after "Select a time".
  await expect(times.locator("option")).toHaveCount(14);
  const offered = await times.locator("option").allTextContents();
  expect(offered).toContain("09:30");
  expect(offered).toContain("16:30");
  expect(offered).not.toContain("10:00");
  expect(offered).not.toContain("12:00");
  await expect(create.getByText(`Times in ${consultant.timeZone}, the consultant's time zone`)).toBeVisible();
  await expectDialogAccessible(page, "Create New Appointment");

  // Show all times: the rest of the day with the warning; the taken 10:00 among them.
  await create.getByRole("switch", { name: "Show all times" }).check();
  await expect(
    create.getByText(
      "Times not under Free times are outside the consultant's hours, on their time off or already taken.",
    ),
  ).toBeVisible();
  await expect(times.locator("option", { hasText: "10:00 (not free)" })).toHaveCount(1);
  await expectNoA11yViolations(page);
  await create.getByRole("switch", { name: "Show all times" }).uncheck();

  await times.selectOption("09:30");
  await create.getByLabel("Description").fill(`Free slot ${u}`);
  await create.getByRole("button", { name: "Create Appointment" }).click();
  await expect(page.getByText("Appointment created successfully")).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: `Free slot ${u}` });
  await expect(row).toContainText("09:30");
  await expect(row).not.toContainText("Outside hours");
});

test("a time outside the hours is refused, then booked anyway and marked so", async ({
  page,
  request,
  adminAuth,
}) => {
  const u = unique();
  const consultant = await consultantWithHours(request, adminAuth, `Late Hours ${u}`, LUNCH_BREAK);
  const date = daysAhead(30 + (Date.now() % 200));

  const create = await openBooking(page, consultant, date);
  await create.getByRole("switch", { name: "Show all times" }).check();
  const times = create.getByLabel("Appointment Time");
  await times.selectOption("20:00");
  await create.getByLabel("Description").fill(`Evening call ${u}`);
  await create.getByRole("button", { name: "Create Appointment" }).click();

  const refusal = create
    .getByRole("alert")
    .filter({ hasText: "The consultant is not available at this time" });
  await expect(refusal).toBeVisible();
  // Said once: no toast, no second alert.
  await expect(page.getByText("Failed to create appointment", { exact: true })).toHaveCount(0);
  await expectDialogAccessible(page, "Create New Appointment");
  await refusal.getByRole("button", { name: "Book anyway" }).click();
  await expect(page.getByText("Appointment created successfully")).toBeVisible();
  await expect(create).toBeHidden();

  const row = page.getByRole("row").filter({ hasText: `Evening call ${u}` });
  await expect(row).toContainText("20:00");
  await expect(row.getByText(/^Outside hours, by \S+/)).toBeVisible();
  await expectNoA11yViolations(page);

  await row.getByRole("button", { name: "View details" }).click();
  const details = dialog(page, "Appointment Details");
  await expect(details.getByText(/^Booked outside the consultant's hours by \S+/)).toBeVisible();
  await expect(details).toContainText(`20:00 (${consultant.timeZone}, the consultant's time)`);
  await expectDialogAccessible(page, "Appointment Details");
});

test("timings refuse free text, and time off is added and removed", async ({ page, request, adminAuth }) => {
  const u = unique();
  const consultant = await consultantWithHours(request, adminAuth, `Away Days ${u}`, LUNCH_BREAK);
  await page.goto(`/consultant-timings/${consultant.guidId}`);
  await expect(page.getByRole("heading", { name: "Consultant Timings" })).toBeVisible();
  await expect(page.getByText("No time off recorded")).toBeVisible();
  await expectNoA11yViolations(page);

  // "9 to 5" is not a range: the day says the expected form, and nothing is saved.
  await page.getByRole("button", { name: "+ Add Timing" }).click();
  const timing = dialog(page, "Add Timing");
  await timing.getByLabel("Monday").fill("9 to 5");
  await timing.getByRole("button", { name: "Add Timing" }).click();
  await expect(
    timing.getByText(
      'Use ranges like "09:00 - 13:00, 14:00 - 17:30" or "9:00 AM - 5:00 PM" (comma-separated, in order), or leave empty for closed',
    ),
  ).toBeVisible();
  await expect(page.getByText("Timing added successfully")).toHaveCount(0);
  await expectDialogAccessible(page, "Add Timing");
  await timing.getByRole("button", { name: "Cancel" }).click();
  await page
    .getByRole("dialog", { name: "Unsaved changes" })
    .getByRole("button", { name: "Discard" })
    .click();
  await expect(timing).toBeHidden();

  // Time off: the end before the start is refused at the end date.
  const from = daysAhead(40);
  const to = daysAhead(42);
  await page.getByRole("button", { name: "+ Add Time Off" }).click();
  const add = dialog(page, "Add Time Off");
  await add.getByLabel("From").fill(to);
  await add.getByLabel("To").fill(from);
  await add.getByRole("button", { name: "Add Time Off" }).click();
  await expect(add.getByText("The end date must not be before the start date")).toBeVisible();
  await expectDialogAccessible(page, "Add Time Off");
  await add.getByLabel("From").fill(from);
  await add.getByLabel("To").fill(to);
  await add.getByLabel("Reason").fill(`Annual leave ${u}`);
  await add.getByRole("button", { name: "Add Time Off" }).click();
  await expect(page.getByText("Time off added successfully")).toBeVisible();
  await expect(add).toBeHidden();
  const row = page.getByRole("table", { name: "Time off" }).locator("tbody tr");
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(`Annual leave ${u}`);

  // A day of it offers no free times in the booking dialog.
  const booking = await openBooking(page, consultant, daysAhead(41));
  await expect(booking.getByLabel("Appointment Time").locator("option")).toHaveText([
    "No free times this day",
  ]);
  await page.goto(`/consultant-timings/${consultant.guidId}`);

  await row.getByRole("button", { name: /^Delete time off from/ }).click();
  const confirm = dialog(page, "Delete Time Off");
  await expect(confirm.getByText("Are you sure you want to delete this time off?")).toBeVisible();
  await expectDialogAccessible(page, "Delete Time Off");
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Time off deleted successfully")).toBeVisible();
  await expect(page.getByText("No time off recorded")).toBeVisible();
});
