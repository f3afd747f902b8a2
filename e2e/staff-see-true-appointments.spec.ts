import type { APIRequestContext, Page } from "@playwright/test";
import {
  consultantWithHours,
  consultantWithoutTimings,
  daysAhead,
  dialog,
  expectDialogAccessible,
} from "./support/appointments";
import { expect, expectNoA11yViolations, sentMails, test, unique } from "./support/fixtures";

/**
 * What staff see of appointments is what is true: the default hours of a consultant without timings are
 * said, a cancel asks why and tells both parties, attendance is offered only where it can be recorded,
 * today's total is exact, and every time shown names its zone.
 */
type Auth = { headers: Record<string, string> };
const ZONE = "Asia/Karachi"; // the server's business zone, which consultants without their own keep
const OPEN_ALL_DAY = "00:00 - 24:00";
const DEFAULT_HOURS_NOTICE = "No timings set: the default hours 09:00–19:00 apply, every day";

/** A date and "HH:MM" in the business zone at an instant. */
function karachi(at: Date) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-CA", {
      timeZone: ZONE,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

async function customer(request: APIRequestContext, auth: Auth, u: string) {
  const response = await request.post("/api/v2/User/adduser", {
    ...auth,
    multipart: {
      UserName: `true${u}`,
      Email: `true.${u}@example.com`,
      FirstName: "Truthful",
      LastName: "Customer",
      PhoneNumber: "+92 300 7654321",
      DateOfBirth: "1990-01-01",
      cnic: `4210${u.length % 10}-${String(Date.now()).slice(-7)}-5`,
      Address: "2 Mall Road",
      Password: "true-appointments-password",
    },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as { guidId: string; email: string };
}

async function book(request: APIRequestContext, auth: Auth, data: Record<string, unknown>) {
  const response = await request.post("/api/v2/userAppointment", { ...auth, data });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Record<string, unknown> & { id: number; guidId: string };
}

/** Opens the details of the one appointment of the list whose row holds `text`. */
async function openDetails(page: Page, consultantGuid: string, text: string) {
  await page.goto(`/user-appointments?consultant=${consultantGuid}`);
  const row = page.getByRole("row").filter({ hasText: text });
  await row.getByRole("button", { name: /^View details of appointment/ }).click();
  const details = dialog(page, "Appointment Details");
  await expect(details).toHaveCSS("opacity", "1");
  return details;
}

test("a consultant without timings: the timings page, the consultant's page and the booking dialog say the default hours apply", async ({
  page,
  request,
  adminAuth,
}) => {
  const u = unique();
  const consultant = await consultantWithoutTimings(request, adminAuth, `Default Hours ${u}`);

  await page.goto(`/consultant-timings/${consultant.guidId}`);
  await expect(page.getByText('No timings found. Click "Add Timing" to get started.')).toBeVisible();
  await expect(page.getByRole("note")).toHaveText(DEFAULT_HOURS_NOTICE);
  await expectNoA11yViolations(page);

  await page.goto(`/edit-user/${consultant.guidId}`);
  await expect(page.getByRole("note")).toHaveText(DEFAULT_HOURS_NOTICE);

  await page.goto(`/user-appointments?consultant=${consultant.guidId}`);
  await page.getByRole("button", { name: "New Appointment" }).click();
  const create = dialog(page, "Create New Appointment");
  const select = create.getByRole("combobox", { name: "Consultant", exact: true });
  await select.click();
  await select.fill(consultant.name);
  await page.getByRole("option", { name: consultant.name, exact: true }).click();
  await create.getByLabel("Appointment Date").fill(daysAhead(40));
  await expect(create.getByRole("note")).toHaveText(DEFAULT_HOURS_NOTICE);
  const offered = await create.getByLabel("Appointment Time").locator("option").allTextContents();
  expect(offered).toContain("09:00");
  expect(offered.at(-1)).toBe("18:30");
  await expectDialogAccessible(page, "Create New Appointment");

  // A consultant with hours of their own: no such notice.
  const withHours = await consultantWithHours(request, adminAuth, `Own Hours ${u}`);
  await page.goto(`/consultant-timings/${withHours.guidId}`);
  await expect(page.getByRole("table", { name: "Timings" })).toBeVisible();
  await expect(page.getByText(DEFAULT_HOURS_NOTICE)).toHaveCount(0);
});

test("cancelling asks a reason, keeps it, and mails the customer and the consultant with it", async ({
  page,
  request,
  adminAuth,
}) => {
  const u = unique();
  const consultant = await consultantWithHours(request, adminAuth, `Cancel Reason ${u}`);
  const person = await customer(request, adminAuth, u);
  await book(request, adminAuth, {
    userid: person.guidId,
    consultantId: consultant.guidId,
    appointmentDate: daysAhead(20),
    appointmentTime: "10:00",
    description: `Cancel me ${u}`,
    isConfirmed: true,
  });

  const details = await openDetails(page, consultant.guidId, `Cancel me ${u}`);
  await details.getByRole("button", { name: "Cancel Appointment" }).click();
  await details.getByRole("button", { name: "Yes, cancel it" }).click();
  await expect(
    details.getByText("Give a reason: it is sent to the customer and the consultant"),
  ).toBeVisible();
  await expectDialogAccessible(page, "Appointment Details");

  const reason = `The consultant is abroad that week ${u}`;
  await details.getByLabel("Reason for the cancellation").fill(reason);
  await details.getByRole("button", { name: "Yes, cancel it" }).click();
  await expect(page.getByText("Appointment updated successfully")).toBeVisible();
  await expect(details.getByText("Cancellation reason")).toBeVisible();
  await expect(details.getByText(reason)).toBeVisible();
  // When it was cancelled, in the appointment's zone, named.
  await expect(
    details.getByText(/^Cancelled: Yes \(\d+ \w+ \d{4}, \d\d:\d\d \(Asia\/Karachi\) by /),
  ).toBeVisible();

  const mails = () => sentMails().filter((mail) => mail.includes(reason));
  await expect.poll(() => mails().length).toBe(2);
  expect(mails().some((mail) => mail.includes(`To: ${person.email}`))).toBe(true);
  expect(mails().some((mail) => mail.includes(`To: cancel.reason.${u}@example.com`))).toBe(true);
});

test("a bulk cancel asks one reason and mails it to each customer and consultant", async ({
  page,
  request,
  adminAuth,
}) => {
  const u = unique();
  const consultant = await consultantWithHours(request, adminAuth, `Bulk Cancel ${u}`);
  const person = await customer(request, adminAuth, u);
  for (const time of ["10:00", "11:00"]) {
    await book(request, adminAuth, {
      userid: person.guidId,
      consultantId: consultant.guidId,
      appointmentDate: daysAhead(25),
      appointmentTime: time,
      description: `Bulk cancel ${u}`,
      isConfirmed: true,
    });
  }

  await page.goto(`/user-appointments?consultant=${consultant.guidId}`);
  await expect(page.getByRole("row").filter({ hasText: `Bulk cancel ${u}` })).toHaveCount(2);
  await page.getByRole("checkbox", { name: "Select all on this page" }).check();
  await page.getByRole("button", { name: "Cancel", exact: true }).click();
  const ask = dialog(page, "Cancel appointments");
  await ask.getByRole("button", { name: "Cancel 2" }).click();
  await expect(ask.getByText("Give a reason: it is sent to the customer and the consultant")).toBeVisible();
  await expectDialogAccessible(page, "Cancel appointments");
  const reason = `Office closed for a holiday ${u}`;
  await ask.getByLabel("Reason for the cancellation").fill(reason);
  await ask.getByRole("button", { name: "Cancel 2" }).click();
  await expect(page.getByText("2 updated, 0 refused")).toBeVisible();

  const mails = () => sentMails().filter((mail) => mail.includes(reason));
  await expect.poll(() => mails().length).toBe(4);
  expect(mails().filter((mail) => mail.includes(`To: ${person.email}`))).toHaveLength(2);
});

test("attendance is offered only where it can be recorded: not before the start, no no-show once cancelled", async ({
  page,
  request,
  adminAuth,
}) => {
  const u = unique();
  const consultant = await consultantWithHours(request, adminAuth, `Attendance Rule ${u}`, OPEN_ALL_DAY);
  const person = await customer(request, adminAuth, u);
  await book(request, adminAuth, {
    userid: person.guidId,
    consultantId: consultant.guidId,
    appointmentDate: daysAhead(15),
    appointmentTime: "11:00",
    description: `Future visit ${u}`,
  });
  // Midnight today (business zone) has started whenever the test runs; then it is cancelled.
  const started = await book(request, adminAuth, {
    userid: person.guidId,
    consultantId: consultant.guidId,
    appointmentDate: karachi(new Date()).date,
    appointmentTime: "00:00",
    description: `Started visit ${u}`,
  });
  const cancelled = await request.put("/api/v2/userAppointment/update-appointment", {
    ...adminAuth,
    data: { ...started, isCancelled: true, cancellationReason: "Customer called late" },
  });
  expect(cancelled.status()).toBe(200);

  const future = await openDetails(page, consultant.guidId, `Future visit ${u}`);
  const attendance = future.getByRole("group", { name: "Attendance" });
  await expect(
    future.getByText("Attendance can only be recorded once the appointment has started"),
  ).toBeVisible();
  await expect(attendance.getByRole("button")).toHaveCount(0);
  await expectNoA11yViolations(page);
  await page.keyboard.press("Escape");
  await expect(future).toBeHidden();

  const past = await openDetails(page, consultant.guidId, `Started visit ${u}`);
  const buttons = past.getByRole("group", { name: "Attendance" }).getByRole("button");
  await expect(buttons).toHaveText(["Mark Attended", "Mark Late cancellation"]);
  await past.getByRole("button", { name: "Mark Late cancellation" }).click();
  await expect(page.getByText("Attendance recorded: Late cancellation")).toBeVisible();
  await expect(past.getByRole("alert")).toHaveCount(0);
});

test("the dashboard counts today's appointments exactly, past the 50 it lists", async ({
  page,
  request,
  adminAuth,
}) => {
  const u = unique();
  const today = karachi(new Date()).date;
  const todays = await request.get(
    `/api/v2/userAppointment/appointments?from=${today}&to=${today}&page=1&pageSize=1&exactTotal=true`,
    adminAuth,
  );
  const before = ((await todays.json()) as { total: number }).total;
  const person = await customer(request, adminAuth, u);
  // 51 more today: two consultants open all day, one every half hour.
  for (const [n, count] of [
    [1, 26],
    [2, 25],
  ] as const) {
    const consultant = await consultantWithHours(request, adminAuth, `Busy Day ${n} ${u}`, OPEN_ALL_DAY);
    for (let slot = 0; slot < count; slot++) {
      await book(request, adminAuth, {
        userid: person.guidId,
        consultantId: consultant.guidId,
        appointmentDate: today,
        appointmentTime: `${String(Math.floor(slot / 2)).padStart(2, "0")}:${slot % 2 ? "30" : "00"}`,
        description: `Busy day ${u}`,
        isConfirmed: true,
      });
    }
  }

  await page.goto("/home");
  const section = page.getByRole("region", { name: "Today's appointments" });
  await expect(section.getByText(`${(before + 51).toLocaleString("en-US")} in all`)).toBeVisible();
  // The table lists 50 of them (and a header row).
  await expect(section.getByRole("row")).toHaveCount(51);
  await expectNoA11yViolations(page);
});

test.describe("in a browser on another time zone", () => {
  test.use({ timezoneId: "Europe/London" });

  test("notifications and history name the zone of their times", async ({ page, request, adminAuth }) => {
    const u = unique();
    const consultant = await consultantWithHours(request, adminAuth, `Zone Label ${u}`, OPEN_ALL_DAY);
    const person = await customer(request, adminAuth, u);
    // Unconfirmed, a few hours ahead: the bell tells of it.
    const soon = karachi(new Date(Date.now() + 3 * 3_600_000));
    const time = `${soon.time.slice(0, 2)}:${Number(soon.time.slice(3)) < 30 ? "00" : "30"}`;
    await book(request, adminAuth, {
      userid: person.guidId,
      consultantId: consultant.guidId,
      appointmentDate: soon.date,
      appointmentTime: time,
      description: `Zone label ${u}`,
    });

    await page.goto("/home");
    await page.getByRole("button", { name: /^Notifications/ }).click();
    const item = page
      .getByRole("listitem")
      .filter({ hasText: `with Zone Label ${u}` })
      .locator("time");
    await expect(item).toHaveAttribute("title", /^\d+ \w+ \d{4}, \d\d:\d\d \(Asia\/Karachi\)$/);
    await page.keyboard.press("Escape");

    const details = await openDetails(page, consultant.guidId, `Zone label ${u}`);
    await details.getByRole("tab", { name: "History" }).click();
    const created = details.locator("time").first();
    await expect(created).toHaveAttribute("title", /^\d+ \w+ \d{4}, \d\d:\d\d \(Asia\/Karachi\)$/);
    await page.keyboard.press("Escape");

    await page.goto("/activity");
    await expect(page.locator("main time").first()).toHaveAttribute(
      "title",
      /^\d+ \w+ \d{4}, \d\d:\d\d \(Asia\/Karachi\)$/,
    );
    await expectNoA11yViolations(page);
  });
});
