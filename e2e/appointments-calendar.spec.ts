import type { APIRequestContext, Page } from "@playwright/test";
import { consultantWithHours, daysAhead } from "./support/appointments";
import { ADMIN } from "./support/env";
import { expect, expectNoA11yViolations, test, unique } from "./support/fixtures";

async function book(
  request: APIRequestContext,
  auth: { headers: Record<string, string> },
  consultantId: string,
  date: string,
  time: string,
) {
  const response = await request.post("/api/v2/userAppointment", {
    ...auth,
    data: { consultantId, appointmentDate: date, appointmentTime: time, description: `Booked ${unique()}` },
  });
  expect(response.status()).toBe(201);
}

const weekOf = (page: Page, consultantId: string, date: string) =>
  page.goto(`/user-appointments?view=calendar&mode=week&date=${date}&consultants=${consultantId}`);

/** The middle of a free slot of the time grid: the day's column at the slot's row. */
async function slotPoint(page: Page, date: string, time: string) {
  const day = await page.locator(`[role="cell"][data-date="${date}"]`).boundingBox();
  const lane = await page.locator(`[data-time="${time}:00"]`).last().boundingBox();
  if (!day || !lane) throw new Error(`no slot ${date} ${time} on screen`);
  return { x: day.x + day.width / 2, y: lane.y + lane.height / 2 };
}

const event = (page: Page, text: string) => page.getByRole("button", { name: new RegExp(text) });

async function chooseScheme(page: Page, label: "Light" | "Dark") {
  await page.getByRole("button", { name: /^Colour scheme:/ }).click();
  await page.getByRole("menuitem", { name: label }).click();
  await expect
    .poll(() => page.evaluate(() => document.documentElement.dataset.mantineColorScheme))
    .toBe(label.toLowerCase());
  // axe reads the page once the menu has finished closing (mid-transition it is a menu losing its items).
  await expect(page.getByRole("menu")).toHaveCount(0);
}

test("books from a free slot: the dialog comes prefilled, the event appears, is reached by keyboard, axe-clean in both schemes", async ({
  page,
  request,
  adminAuth,
}) => {
  const consultant = await consultantWithHours(request, adminAuth, `Calendar Slot ${unique()}`);
  const date = daysAhead(300 + (Date.now() % 60));
  await weekOf(page, consultant.guidId, date);
  await expect(page.getByRole("heading", { name: "User Appointments" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Calendar", exact: true })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await expect(page.getByRole("radio", { name: "Week" })).toBeChecked();
  // The legend names every status; colour is not the only cue.
  const legend = page.getByRole("group", { name: "Legend" });
  for (const status of ["Pending", "Confirmed", "Cancelled", "Outside working hours", "Time off"]) {
    await expect(legend).toContainText(status);
  }
  await expect(page.locator(`[role="cell"][data-date="${date}"]`)).toBeVisible();
  await expectNoA11yViolations(page);

  const point = await slotPoint(page, date, "10:30");
  await page.mouse.click(point.x, point.y);
  const create = page.getByRole("dialog", { name: "Create New Appointment" });
  await expect(create).toBeVisible();
  await expect(create.getByRole("combobox", { name: "Consultant", exact: true })).toHaveValue(
    consultant.name,
  );
  await expect(create.getByLabel("Appointment Date")).toHaveValue(date);
  await expect(create.getByLabel("Appointment Time")).toHaveValue("10:30");
  const description = `Calendar booking ${unique()}`;
  await create.getByLabel("Description").fill(description);
  await create.getByRole("button", { name: "Create Appointment" }).click();
  await expect(page.getByText("Appointment created successfully")).toBeVisible();
  await expect(create).toBeHidden();

  const booked = event(page, `^10:30 Pending: ${ADMIN.email} with ${consultant.name}$`);
  await expect(booked).toBeVisible();

  // Keyboard: from the week's Next button, Tab reaches the appointment; Enter opens its details.
  await page.getByRole("button", { name: "Next week" }).focus();
  for (let presses = 0; presses < 40; presses += 1) {
    if (await booked.evaluate((element) => element === document.activeElement)) break;
    await page.keyboard.press("Tab");
  }
  await expect(booked).toBeFocused();
  await page.keyboard.press("Enter");
  const details = page.getByRole("dialog", { name: "Appointment Details" });
  await expect(details).toBeVisible();
  await expect(details).toContainText(description);
  await page.keyboard.press("Escape");
  await expect(details).toBeHidden();

  await expectNoA11yViolations(page);
  await chooseScheme(page, "Dark");
  await expectNoA11yViolations(page);
  // The month overview too, in the dark: the appointment is a block in its status colour there as well.
  await page
    .locator("label")
    .filter({ hasText: /^Month$/ })
    .click();
  await expect(page.getByRole("radio", { name: "Month" })).toBeChecked();
  await expect(booked).toBeVisible();
  await expectNoA11yViolations(page);
  await chooseScheme(page, "Light");
});

test("a refused drag snaps back with the server's reason: onto a taken slot, and before the hours", async ({
  page,
  request,
  adminAuth,
}) => {
  const consultant = await consultantWithHours(request, adminAuth, `Calendar Drag ${unique()}`);
  const date = daysAhead(400 + (Date.now() % 60));
  await book(request, adminAuth, consultant.guidId, date, "10:00");
  await book(request, adminAuth, consultant.guidId, date, "11:00");
  await weekOf(page, consultant.guidId, date);
  // The chosen consultant's name arrives after the events and can make the filter taller: measure after it.
  await expect(page.locator(".mantine-Pill-label", { hasText: consultant.name })).toBeVisible();
  // And no answer still on its way that would redraw the events under the pointer mid-drag.
  await page.waitForLoadState("networkidle");
  const moving = event(page, "^10:00 Pending");
  await expect(moving).toBeVisible();
  await expect(event(page, "^11:00 Pending")).toBeVisible();
  const before = await moving.boundingBox();
  if (!before) throw new Error("the event is not on screen");
  const tenOClock = await page.locator('[data-time="10:00:00"]').last().boundingBox();
  const startOffset = Math.round(before.y - (tenOClock?.y ?? 0));

  for (const [time, reason] of [
    ["11:00", "This time slot is already booked for this consultant"],
    ["08:00", "The consultant is not available at this time"],
  ] as const) {
    const grabbed = await moving.boundingBox();
    if (!grabbed) throw new Error("the event is not on screen");
    const from = { x: grabbed.x + grabbed.width / 2, y: grabbed.y + 6 };
    const to = await slotPoint(page, date, time);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(from.x, from.y + 10, { steps: 4 });
    await page.mouse.move(to.x, to.y - grabbed.height / 2 + 6, { steps: 10 });
    await page.mouse.up();

    const alert = page.getByRole("alert").filter({ hasText: "The appointment was not moved" });
    await expect(alert).toContainText(reason);
    // Back where it was, still at 10:00.
    await expect(moving).toBeVisible();
    const offset = async () => {
      const box = await moving.boundingBox();
      const lane = await page.locator('[data-time="10:00:00"]').last().boundingBox();
      return box && lane ? Math.round(box.y - lane.y) : undefined;
    };
    await expect.poll(offset).toBe(startOffset);
    await alert.getByRole("button", { name: "Dismiss" }).click();
  }
});

test("the view, the days and the consultants live in the URL: Back and Forward restore them; time off is listed", async ({
  page,
  request,
  adminAuth,
}) => {
  const consultant = await consultantWithHours(request, adminAuth, `Calendar Nav ${unique()}`);
  // Mid-month, so the next month's grid (which shows the last days of this one) cannot hold it.
  const date = `${daysAhead(500 + (Date.now() % 60)).slice(0, 8)}${10 + (Date.now() % 10)}`;
  await book(request, adminAuth, consultant.guidId, date, "12:00");
  const away = await request.post(`/api/v2/Consultants/${consultant.guidId}/time-off`, {
    ...adminAuth,
    data: { from: date, to: date, reason: "Embassy visit" },
  });
  expect(away.status()).toBe(201);
  const segment = (name: string) => page.locator("label").filter({ hasText: new RegExp(`^${name}$`) });

  await page.goto(`/user-appointments?date=${date}`);
  const viewButton = (name: string) => page.getByRole("button", { name, exact: true });
  await expect(viewButton("List")).toHaveAttribute("aria-pressed", "true");
  await viewButton("Calendar").click();
  await expect(page).toHaveURL(/view=calendar/);
  await expect(page.getByText("Choose one or more consultants")).toBeVisible();

  const select = page.getByRole("combobox", { name: "Consultants" });
  await select.click();
  await select.fill(consultant.name);
  await page.getByRole("option", { name: consultant.name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`consultants=${consultant.guidId}`));
  const appointment = event(page, "^12:00 Pending");
  await expect(appointment).toBeVisible();
  // Listed as time off with its reason, and as the reason that day has no free times.
  await expect(
    page
      .getByRole("listitem")
      .filter({ hasText: `${consultant.name}:` })
      .filter({ hasText: "(Embassy visit)" }),
  ).toBeVisible();
  await expect(page.getByRole("list", { name: "No free times" })).toContainText(`${consultant.name}:`);
  await expect(page.getByRole("list", { name: "No free times" })).toContainText("time off");

  await segment("Month").click();
  await expect(page).toHaveURL(/mode=month/);
  await expect(page.getByRole("radio", { name: "Month" })).toBeChecked();
  await expect(appointment).toBeVisible();
  await page.getByRole("button", { name: "Next month" }).click();
  await expect(appointment).toBeHidden();

  await page.goBack();
  await expect(appointment).toBeVisible();
  await expect(page.getByRole("radio", { name: "Month" })).toBeChecked();
  await page.goBack();
  await expect(page.getByRole("radio", { name: "Week" })).toBeChecked();
  await expect(appointment).toBeVisible();
  await page.goBack();
  await expect(page.getByText("Choose one or more consultants")).toBeVisible();
  await page.goForward();
  await expect(appointment).toBeVisible();

  await viewButton("List").click();
  await expect(page.getByRole("table", { name: "User appointments" })).toBeVisible();
  await expect(viewButton("List")).toHaveAttribute("aria-pressed", "true");
  await expectNoA11yViolations(page);
  await page.goBack();
  await expect(appointment).toBeVisible();
  await expectNoA11yViolations(page);
});

test("calendar: a phone's screen opens on one day, a wide one on the week; a view in the URL wins", async ({
  page,
  request,
  adminAuth,
}) => {
  const consultant = await consultantWithHours(request, adminAuth, `Calendar Phone ${unique()}`);
  const date = daysAhead(600 + (Date.now() % 60));
  await book(request, adminAuth, consultant.guidId, date, "12:00");
  const shown = `/user-appointments?view=calendar&date=${date}&consultants=${consultant.guidId}`;

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(shown);
  await expect(page.getByRole("radio", { name: "Day" })).toBeChecked();
  await expect(page.getByRole("button", { name: "Next day" })).toBeVisible();
  await expect(event(page, "^12:00 Pending")).toBeVisible();
  await expectNoA11yViolations(page);

  await page.goto(`${shown}&mode=week`);
  await expect(page.getByRole("radio", { name: "Week" })).toBeChecked();

  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto(shown);
  await expect(page.getByRole("radio", { name: "Week" })).toBeChecked();
  await expect(event(page, "^12:00 Pending")).toBeVisible();
});
