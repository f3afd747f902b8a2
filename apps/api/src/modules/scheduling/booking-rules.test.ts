import { appointmentMessages } from "@visadesk/contract/appointments-constants";
import { schedulingMessages as messages } from "@visadesk/contract/scheduling";
import { describe, expect, it } from "vitest";
import { APPOINTMENTS_URL, insertConsultant } from "#test/appointments";
import { book, headers, slotsOn, t, useSchedulingApp } from "./scheduling-test-app";

/** The booking rules: overlaps, hours, concurrency, and daylight saving. */
useSchedulingApp();

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
