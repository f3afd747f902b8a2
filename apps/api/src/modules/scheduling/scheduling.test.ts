import { randomUUID } from "node:crypto";
import { appointmentMessages } from "@visadesk/contract/appointments-constants";
import {
  AVAILABILITY_MAX_DAYS,
  DEFAULT_DAY_HOURS,
  defaultHoursNotice,
  schedulingMessages as messages,
  minutesToTime,
} from "@visadesk/contract/scheduling";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { APPOINTMENTS_URL, insertConsultant } from "#test/appointments";
import { consultantFields, sendForm } from "#test/builders";
import { createTestApp, multipart, type TestApp, testClock } from "#test/helpers";

/**
 * The scheduling rules. The clock starts on Friday 1 March 2030, 00:00 UTC; the business zone is
 * Asia/Karachi (UTC+5, no daylight saving). Dates below are chosen by weekday: 2030-03-04 is a Monday.
 */
const clock = testClock(new Date("2030-03-01T00:00:00Z"));
/** Moves the clock (signing in again: a session idle for days has ended) and back afterwards. */
async function at<T>(instant: string, run: () => Promise<T>): Promise<T> {
  clock.set(instant);
  ({ headers } = await t.signIn("Staff"));
  try {
    return await run();
  } finally {
    clock.set("2030-03-01T00:00:00Z");
    ({ headers } = await t.signIn("Staff"));
  }
}
let t: TestApp;
let headers: { authorization: string };
let customer: Awaited<ReturnType<TestApp["createAccount"]>>;

beforeAll(async () => {
  t = await createTestApp({ clock, config: { businessTimeZone: "Asia/Karachi" } });
  ({ headers } = await t.signIn("Staff"));
  customer = await t.createAccount({ role: "AppUser" });
});
afterAll(() => t.close());

const book = (payload: Record<string, unknown>) =>
  t.app.inject({
    method: "POST",
    url: APPOINTMENTS_URL,
    headers,
    payload: { userid: customer.guidId, description: "Study visa consultation", ...payload },
  });
const availability = (consultantId: string, from: string, to: string) =>
  t.app.inject({
    method: "GET",
    url: `/api/v2/Consultants/${consultantId}/availability?from=${from}&to=${to}`,
    headers,
  });
const slotsOn = async (consultantId: string, date: string) => {
  const response = await availability(consultantId, date, date);
  expect(response.statusCode).toBe(200);
  return response.json().days[0].slots as string[];
};
const postTiming = (payload: Record<string, unknown>) =>
  t.app.inject({ method: "POST", url: "/api/v2/Consultants/consultanttimings", headers, payload });

describe("working hours", () => {
  it("accepts closed days and HH:MM - HH:MM ranges (12-hour too) with breaks, and refuses anything else with the form", async () => {
    const consultant = await insertConsultant(t, { hours: null });
    const ok = await postTiming({
      id: 0,
      consultantId: consultant.guidId,
      monday: "09:00 - 13:00, 14:00 - 17:30",
      tuesday: " 09:00-17:00 ",
      sunday: "",
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ monday: "09:00 - 13:00, 14:00 - 17:30", sunday: null });
    // The spec's own example of a timing is 12-hour.
    const twelveHour = await postTiming({
      id: 0,
      consultantId: consultant.guidId,
      monday: "9:00 AM - 5:00 PM",
    });
    expect(twelveHour.statusCode).toBe(200);

    for (const bad of [
      "9 to 5",
      "13:00 PM - 2:00 PM",
      "09:00 - 08:00",
      "09:00 - 13:00, 12:00 - 17:00",
      "morning",
      "25:00 - 26:00",
    ]) {
      const response = await postTiming({ id: 0, consultantId: consultant.guidId, monday: bad });
      expect(response.statusCode, bad).toBe(400);
      expect(response.json().message).toBe(messages.hoursInvalid);
      expect(response.json().fieldErrors).toEqual({ monday: messages.hoursInvalid });
    }
  });

  it("reads 12-hour ranges as the same minutes, and a consultant without timings has the unstated week (09:00 to 19:00)", async () => {
    const twelveHour = await insertConsultant(t, { hours: "9:00 AM - 12:30 PM, 1:30 PM - 5:00 PM" });
    const days = (await availability(twelveHour.guidId, "2030-03-04", "2030-03-04")).json().days;
    expect(days[0].slots[0]).toBe("09:00");
    expect(days[0].slots).toContain("12:00");
    expect(days[0].slots).not.toContain("12:30");
    expect(days[0].slots).toContain("13:30");
    expect(days[0].slots.at(-1)).toBe("16:30");

    // Nothing recorded yet: bookable at the product's usual times, not closed all week.
    const unstated = await insertConsultant(t, { hours: null });
    const answer = (await availability(unstated.guidId, "2030-03-10", "2030-03-10")).json();
    const slots = answer.days[0].slots;
    expect(slots[0]).toBe("09:00");
    expect(slots.at(-1)).toBe("18:30");
    // The answer says so, and the screens' notice names the hours the slots come from.
    expect(answer.defaultHours).toBe(true);
    expect((await availability(twelveHour.guidId, "2030-03-10", "2030-03-10")).json().defaultHours).toBe(
      false,
    );
    expect(defaultHoursNotice).toBe("No timings set: the default hours 09:00–19:00 apply, every day");
    expect(minutesToTime(DEFAULT_DAY_HOURS.end - 30)).toBe(slots.at(-1));
    const inside = await book({
      consultantId: unstated.guidId,
      appointmentDate: "2030-03-10",
      appointmentTime: "10:00",
    });
    expect(inside.statusCode).toBe(201);
    const early = await book({
      consultantId: unstated.guidId,
      appointmentDate: "2030-03-10",
      appointmentTime: "08:00",
    });
    expect(early.statusCode).toBe(422);
  });

  it("counts an old free-text value as closed, keeps it, and still lets the timing be deleted", async () => {
    const consultant = await insertConsultant(t, {
      hours: { monday: "9 to 5, ask first", tuesday: "10:00 - 11:00" },
    });
    expect(await slotsOn(consultant.guidId, "2030-03-04")).toEqual([]);
    expect(await slotsOn(consultant.guidId, "2030-03-05")).toEqual(["10:00", "10:30"]);
    const timing = await t.db.kysely
      .selectFrom("consultantTimings")
      .selectAll()
      .where("consultantId", "=", consultant.id)
      .executeTakeFirstOrThrow();
    const removed = await postTiming({ ...timing, consultantId: consultant.guidId, isDeleted: true });
    expect(removed.statusCode).toBe(200);
  });
});

describe("consultant time zone", () => {
  const form = consultantFields;
  const register = (fields: Parameters<typeof consultantFields>[0] = {}) =>
    sendForm(t.app, { method: "POST", url: "/api/v2/Consultants/register", headers }, fields);

  it("defaults to BUSINESS_TIMEZONE, takes TimeZone from the form, keeps it when an update leaves it out", async () => {
    const plain = await register(form({}));
    expect(plain.statusCode).toBe(201);
    expect(plain.json().timeZone).toBe("Asia/Karachi");

    const london = await register(form({ TimeZone: "Europe/London" }));
    expect(london.statusCode).toBe(201);
    expect(london.json().timeZone).toBe("Europe/London");
    const body = multipart({ ...form({}), GuidId: london.json().guidId });
    const updated = await t.app.inject({
      method: "PUT",
      url: "/api/v2/Consultants/update",
      payload: body.payload,
      headers: { ...headers, ...body.headers },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().timeZone).toBe("Europe/London");
  });

  it("refuses an unknown zone with 400", async () => {
    const response = await register(form({ TimeZone: "Mars/Olympus_Mons" }));
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({ timeZone: messages.timeZoneInvalid });
  });

  it("reads hours and appointment times in the consultant's zone and answers startsAt in UTC", async () => {
    const consultant = await insertConsultant(t, { timeZone: "Europe/London", hours: "09:00 - 10:00" });
    const response = await book({
      consultantId: consultant.guidId,
      appointmentDate: "2030-03-04",
      appointmentTime: "09:00",
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      appointmentTime: "09:00:00",
      timeZone: "Europe/London",
      startsAt: "2030-03-04T09:00:00.000Z",
      endsAt: "2030-03-04T09:30:00.000Z",
      attendance: null,
      isOutsideHours: false,
      outsideHoursBy: null,
    });
    const availabilityAnswer = (await availability(consultant.guidId, "2030-03-04", "2030-03-04")).json();
    expect(availabilityAnswer).toEqual({
      timeZone: "Europe/London",
      slotMinutes: 30,
      defaultHours: false,
      days: [{ date: "2030-03-04", slots: ["09:30"] }],
    });
  });
});

describe("time off", () => {
  const url = (id: string) => `/api/v2/Consultants/${id}/time-off`;

  it("is recorded, listed and removed; its days offer no slots and refuse bookings with 422", async () => {
    const consultant = await insertConsultant(t, { hours: "09:00 - 10:00" });
    const added = await t.app.inject({
      method: "POST",
      url: url(consultant.guidId),
      headers,
      payload: { from: "2030-03-05", to: "2030-03-06", reason: "Embassy visit" },
    });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({
      consultantId: consultant.guidId,
      from: "2030-03-05",
      to: "2030-03-06",
      reason: "Embassy visit",
    });

    const listed = await t.app.inject({ method: "GET", url: url(consultant.guidId), headers });
    expect(listed.json()).toMatchObject({ data: [{ guidId: added.json().guidId }], total: 1 });

    const days = (await availability(consultant.guidId, "2030-03-04", "2030-03-07")).json().days;
    expect(days.map((day: { slots: string[] }) => day.slots.length)).toEqual([2, 0, 0, 2]);

    const refused = await book({
      consultantId: consultant.guidId,
      appointmentDate: "2030-03-06",
      appointmentTime: "09:00",
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(messages.unavailable);

    const removed = await t.app.inject({
      method: "DELETE",
      url: `${url(consultant.guidId)}/${added.json().id}`,
      headers,
    });
    expect(removed.statusCode).toBe(200);
    expect(await slotsOn(consultant.guidId, "2030-03-06")).toEqual(["09:00", "09:30"]);
    const again = await t.app.inject({
      method: "DELETE",
      url: `${url(consultant.guidId)}/${added.json().id}`,
      headers,
    });
    expect(again.statusCode).toBe(404);
  });

  it("refuses an end before the start and an unknown consultant", async () => {
    const consultant = await insertConsultant(t);
    const backwards = await t.app.inject({
      method: "POST",
      url: url(consultant.guidId),
      headers,
      payload: { from: "2030-03-06", to: "2030-03-05" },
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().fieldErrors).toEqual({ to: messages.rangeOrder });
    const unknown = await t.app.inject({ method: "GET", url: url(randomUUID()), headers });
    expect(unknown.statusCode).toBe(404);
  });
});

describe("availability", () => {
  it("offers slot starts inside the hours, skipping breaks, closed days, booked slots and the past", async () => {
    const consultant = await insertConsultant(t, {
      hours: { monday: "09:00 - 10:00, 11:00 - 12:15", tuesday: "09:00 - 10:00" },
    });
    await book({ consultantId: consultant.guidId, appointmentDate: "2030-03-04", appointmentTime: "11:30" });
    // A cancelled appointment frees its slot.
    const cancelled = await book({
      consultantId: consultant.guidId,
      appointmentDate: "2030-03-04",
      appointmentTime: "09:00",
    });
    await t.app.inject({
      method: "PUT",
      url: `${APPOINTMENTS_URL}/update-appointment`,
      headers,
      payload: { ...cancelled.json<object>(), isCancelled: true },
    });
    const days = (await availability(consultant.guidId, "2030-03-04", "2030-03-06")).json().days;
    expect(days).toEqual([
      { date: "2030-03-04", slots: ["09:00", "09:30", "11:00"] },
      { date: "2030-03-05", slots: ["09:00", "09:30"] },
      { date: "2030-03-06", slots: [] },
    ]);

    // 09:10 in Karachi on Monday: the 09:00 slot has begun, so it is no longer offered.
    await at("2030-03-04T04:10:00Z", async () => {
      expect(await slotsOn(consultant.guidId, "2030-03-04")).toEqual(["09:30", "11:00"]);
    });
  });

  it(`answers at most ${AVAILABILITY_MAX_DAYS} days and 400 beyond`, async () => {
    const consultant = await insertConsultant(t);
    const most = await availability(consultant.guidId, "2030-03-01", "2030-05-01");
    expect(most.statusCode).toBe(200);
    expect(most.json().days).toHaveLength(62);
    const more = await availability(consultant.guidId, "2030-03-01", "2030-05-02");
    expect(more.statusCode).toBe(400);
    expect(more.json().message).toBe(messages.rangeTooLong(AVAILABILITY_MAX_DAYS));
  });

  it("uses APPOINTMENT_SLOT_MINUTES for the slots and the length of a booking", async () => {
    const hourly = await createTestApp({
      clock,
      config: { businessTimeZone: "Asia/Karachi", appointmentSlotMinutes: 60 },
    });
    try {
      const signedIn = await hourly.signIn("Staff");
      const consultant = await insertConsultant(hourly, { hours: "09:00 - 11:30" });
      const response = await hourly.app.inject({
        method: "GET",
        url: `/api/v2/Consultants/${consultant.guidId}/availability?from=2030-03-04&to=2030-03-04`,
        headers: signedIn.headers,
      });
      expect(response.json()).toMatchObject({ slotMinutes: 60, days: [{ slots: ["09:00", "10:00"] }] });
    } finally {
      await hourly.close();
    }
  });
});

describe("booking rules", () => {
  it("refuses an overlap whatever the start minute, and allows back-to-back bookings", async () => {
    const consultant = await insertConsultant(t);
    const other = await insertConsultant(t);
    const first = await book({
      consultantId: consultant.guidId,
      appointmentDate: "2030-03-04",
      appointmentTime: "10:00",
    });
    expect(first.statusCode).toBe(201);
    for (const time of ["10:15", "09:45", "10:00:00"]) {
      const response = await book({
        consultantId: consultant.guidId,
        appointmentDate: "2030-03-04",
        appointmentTime: time,
      });
      expect(response.statusCode, time).toBe(409);
      expect(response.json().message).toBe(appointmentMessages.slotTaken);
    }
    for (const time of ["09:30", "10:30"]) {
      const response = await book({
        consultantId: consultant.guidId,
        appointmentDate: "2030-03-04",
        appointmentTime: time,
      });
      expect(response.statusCode, time).toBe(201);
    }
    const elsewhere = await book({
      consultantId: other.guidId,
      appointmentDate: "2030-03-04",
      appointmentTime: "10:15",
    });
    expect(elsewhere.statusCode).toBe(201);
  });

  it("refuses a move onto an overlapping time on update, and lets an appointment keep its own time", async () => {
    const consultant = await insertConsultant(t);
    await book({ consultantId: consultant.guidId, appointmentDate: "2030-03-04", appointmentTime: "10:00" });
    const second: Record<string, unknown> = (
      await book({ consultantId: consultant.guidId, appointmentDate: "2030-03-04", appointmentTime: "11:00" })
    ).json();
    const update = (payload: Record<string, unknown>) =>
      t.app.inject({
        method: "PUT",
        url: `${APPOINTMENTS_URL}/update-appointment`,
        headers,
        payload: { ...second, ...payload },
      });
    const onto = await update({ appointmentTime: "10:15" });
    expect(onto.statusCode).toBe(409);
    expect(onto.json().message).toBe(appointmentMessages.slotTaken);
    const nudged = await update({ appointmentTime: "11:15" });
    expect(nudged.statusCode).toBe(200);
    expect(nudged.json().startsAt).toBe("2030-03-04T06:15:00.000Z");
  });

  it("holds under 20 concurrent overlapping creates: exactly one 201", async () => {
    const consultant = await insertConsultant(t);
    const times = Array.from({ length: 20 }, (_, i) => `10:${String(i).padStart(2, "0")}`);
    const responses = await Promise.all(
      times.map((appointmentTime) =>
        book({ consultantId: consultant.guidId, appointmentDate: "2030-03-05", appointmentTime }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(19);
  });

  it("refuses a time outside the hours with 422 unless staff book anyway, which the appointment records", async () => {
    const consultant = await insertConsultant(t, { hours: { monday: "09:00 - 12:00" } });
    for (const [date, time] of [
      ["2030-03-04", "12:00"],
      ["2030-03-04", "11:45"],
      ["2030-03-04", "08:30"],
      ["2030-03-05", "10:00"],
    ]) {
      const response = await book({
        consultantId: consultant.guidId,
        appointmentDate: date,
        appointmentTime: time,
      });
      expect(response.statusCode, `${date} ${time}`).toBe(422);
      expect(response.json().message).toBe(messages.unavailable);
    }
    const anyway = await book({
      consultantId: consultant.guidId,
      appointmentDate: "2030-03-05",
      appointmentTime: "10:00",
      allowOutsideHours: true,
    });
    expect(anyway.statusCode).toBe(201);
    expect(anyway.json()).toMatchObject({ isOutsideHours: true, outsideHoursBy: expect.any(String) });

    const inside: Record<string, unknown> = (
      await book({ consultantId: consultant.guidId, appointmentDate: "2030-03-04", appointmentTime: "10:00" })
    ).json();
    expect(inside.isOutsideHours).toBe(false);
    const move = (payload: Record<string, unknown>) =>
      t.app.inject({
        method: "PUT",
        url: `${APPOINTMENTS_URL}/update-appointment`,
        headers,
        payload: { ...inside, ...payload },
      });
    expect((await move({ appointmentTime: "13:00" })).statusCode).toBe(422);
    const moved = await move({ appointmentTime: "13:00", allowOutsideHours: true });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().isOutsideHours).toBe(true);
    // Confirming an appointment booked outside hours does not ask again.
    const confirmed = await t.app.inject({
      method: "PUT",
      url: `${APPOINTMENTS_URL}/update-appointment`,
      headers,
      payload: { ...anyway.json<object>(), isConfirmed: true },
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().isOutsideHours).toBe(true);
  });
});

describe("daylight saving (America/New_York: clocks go forward 10 March 2030, back 3 November 2030)", () => {
  it("skips the missing hour in a range that crosses the change, and counts real time for overlaps", async () => {
    const consultant = await insertConsultant(t, { timeZone: "America/New_York", hours: "00:00 - 04:00" });
    expect(await slotsOn(consultant.guidId, "2030-03-10")).toEqual([
      "00:00",
      "00:30",
      "01:00",
      "01:30",
      "03:00",
      "03:30",
    ]);
    const beforeChange = await book({
      consultantId: consultant.guidId,
      appointmentDate: "2030-03-10",
      appointmentTime: "01:30",
    });
    expect(beforeChange.json().startsAt).toBe("2030-03-10T06:30:00.000Z");
    // 03:00 EDT is 07:00 UTC: right after 01:30 EST's half hour, not overlapping it.
    const afterChange = await book({
      consultantId: consultant.guidId,
      appointmentDate: "2030-03-10",
      appointmentTime: "03:00",
    });
    expect(afterChange.statusCode).toBe(201);
    expect(afterChange.json().startsAt).toBe("2030-03-10T07:00:00.000Z");
  });

  it("refuses a booking in the skipped hour with 400, even when booked anyway", async () => {
    const consultant = await insertConsultant(t, { timeZone: "America/New_York", hours: "00:00 - 04:00" });
    for (const allowOutsideHours of [false, true]) {
      const response = await book({
        consultantId: consultant.guidId,
        appointmentDate: "2030-03-10",
        appointmentTime: "02:30",
        allowOutsideHours,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().fieldErrors).toEqual({ appointmentTime: messages.timeSkipped });
    }
  });

  it("reads a time in the repeated hour as its first occurrence and offers it once", async () => {
    const consultant = await insertConsultant(t, { timeZone: "America/New_York", hours: "00:00 - 03:00" });
    expect(await slotsOn(consultant.guidId, "2030-11-03")).toEqual([
      "00:00",
      "00:30",
      "01:00",
      "01:30",
      "02:00",
      "02:30",
    ]);
    const repeated = await book({
      consultantId: consultant.guidId,
      appointmentDate: "2030-11-03",
      appointmentTime: "01:30",
    });
    expect(repeated.statusCode).toBe(201);
    // 01:30 EDT (UTC-4), the first time the clock shows 01:30 that night.
    expect(repeated.json().startsAt).toBe("2030-11-03T05:30:00.000Z");
    expect(await slotsOn(consultant.guidId, "2030-11-03")).toEqual([
      "00:00",
      "00:30",
      "01:00",
      "02:00",
      "02:30",
    ]);
  });
});

describe("attendance", () => {
  const mark = (id: number | string, attendance: string | null) =>
    t.app.inject({
      method: "POST",
      url: `${APPOINTMENTS_URL}/${id}/attendance`,
      headers,
      payload: { attendance },
    });

  it("is null at first, refused before the start, recorded after it, and filterable", async () => {
    const consultant = await insertConsultant(t);
    const appointment = (
      await book({ consultantId: consultant.guidId, appointmentDate: "2030-03-04", appointmentTime: "10:00" })
    ).json();
    expect(appointment.attendance).toBe(null);
    const early = await mark(appointment.id, "Attended");
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toBe(messages.attendanceBeforeStart);

    await at("2030-03-04T05:00:00Z", async () => {
      const marked = await mark(appointment.guidId, "NoShow");
      expect(marked.statusCode).toBe(200);
      expect(marked.json()).toMatchObject({ attendance: "NoShow", version: appointment.version + 1 });
      const noShows = await t.app.inject({
        method: "GET",
        url: `${APPOINTMENTS_URL}/appointments?attendance=NoShow&consultantId=${consultant.guidId}`,
        headers,
      });
      expect(noShows.json().map((row: { id: number }) => row.id)).toEqual([appointment.id]);
      const attended = await t.app.inject({
        method: "GET",
        url: `${APPOINTMENTS_URL}/appointments?attendance=Attended&consultantId=${consultant.guidId}`,
        headers,
      });
      expect(attended.json()).toEqual([]);
      expect((await mark(appointment.id, null)).json().attendance).toBe(null);
    });
  });

  it("refuses NoShow on a cancelled appointment but records a late cancellation", async () => {
    const consultant = await insertConsultant(t);
    const booked = (
      await book({ consultantId: consultant.guidId, appointmentDate: "2030-03-04", appointmentTime: "11:00" })
    ).json();
    await t.app.inject({
      method: "PUT",
      url: `${APPOINTMENTS_URL}/update-appointment`,
      headers,
      payload: { ...booked, isCancelled: true },
    });
    await at("2030-03-04T07:00:00Z", async () => {
      const noShow = await mark(booked.id, "NoShow");
      expect(noShow.statusCode).toBe(400);
      expect(noShow.json().message).toBe(messages.noShowCancelled);
      expect((await mark(booked.id, "LateCancellation")).json().attendance).toBe("LateCancellation");
      const bad = await mark(booked.id, "Maybe");
      expect(bad.statusCode).toBe(400);
    });
  });
});

describe("mails in two time zones", () => {
  it("shows the consultant's local time, and the app user's too when their zone differs", async () => {
    const consultant = await insertConsultant(t, { timeZone: "Europe/London", hours: "09:00 - 17:00" });
    const traveller = await t.createAccount({ role: "AppUser" });
    await t.db.kysely
      .updateTable("users")
      .set({ timeZone: "Asia/Karachi" })
      .where("id", "=", traveller.id)
      .execute();
    const booked = await book({
      userid: traveller.guidId,
      consultantId: consultant.guidId,
      appointmentDate: "2030-03-04",
      appointmentTime: "09:00",
    });
    expect(booked.json().userTimeZone).toBe("Asia/Karachi");
    const sent = await t.app.inject({
      method: "POST",
      url: `${APPOINTMENTS_URL}/${booked.json().id}/send-reminder`,
      headers,
    });
    expect(sent.statusCode).toBe(200);
    const mail = t.mails.at(-1);
    expect(mail?.text).toContain("Monday, 4 March 2030 at 9:00 am, United Kingdom Time (Europe/London)");
    expect(mail?.text).toContain(
      "Monday, 4 March 2030 at 2:00 pm, Pakistan Standard Time (Asia/Karachi) for you",
    );

    const local = (
      await book({ consultantId: consultant.guidId, appointmentDate: "2030-03-04", appointmentTime: "10:00" })
    ).json();
    await t.app.inject({ method: "POST", url: `${APPOINTMENTS_URL}/${local.id}/send-reminder`, headers });
    expect(t.mails.at(-1)?.text).toContain(
      "Monday, 4 March 2030 at 10:00 am, United Kingdom Time (Europe/London).",
    );
    expect(t.mails.at(-1)?.text).not.toContain("for you");
  });
});
