import { randomUUID } from "node:crypto";
import { AVAILABILITY_MAX_DAYS, schedulingMessages as messages } from "@visadesk/contract/scheduling";
import { describe, expect, it } from "vitest";
import { APPOINTMENTS_URL, insertConsultant } from "#test/appointments";
import { createTestApp } from "#test/helpers";
import { at, availability, book, clock, headers, slotsOn, t, useSchedulingApp } from "./scheduling-test-app";

/** A consultant's time off and free times. */
useSchedulingApp();

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
