import {
  DEFAULT_DAY_HOURS,
  defaultHoursNotice,
  schedulingMessages as messages,
  minutesToTime,
} from "@visadesk/contract/scheduling";
import { describe, expect, it } from "vitest";
import { insertConsultant } from "#test/appointments";
import { consultantFields, sendForm } from "#test/builders";
import { multipart } from "#test/helpers";
import { availability, book, headers, postTiming, slotsOn, t, useSchedulingApp } from "./scheduling-test-app";

/** A consultant's working hours and time zone. */
useSchedulingApp();

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
