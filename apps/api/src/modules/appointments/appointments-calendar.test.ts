import { CALENDAR_MAX_DAYS, calendarMessages } from "@visadesk/contract/calendar";
import { describe, expect, it } from "vitest";
import { APPOINTMENTS_URL, insertConsultant, useAppointmentsApp } from "#test/appointments";

const suite = useAppointmentsApp();
const { create, update } = suite;
const calendar = (query: string, headers: Record<string, string> = suite.headers) =>
  suite.t.app.inject({ method: "GET", url: `${APPOINTMENTS_URL}/calendar?${query}`, headers });
const book = async (consultantId: string, appointmentDate: string, appointmentTime: string) => {
  const response = await create({
    consultantId,
    appointmentDate,
    appointmentTime,
    description: "Visa documents review",
  });
  expect(response.statusCode).toBe(201);
  return response.json();
};

describe("GET /api/v2/userAppointment/calendar", () => {
  it("answers the chosen consultants' appointments in the range, earliest first, with their hours and time off", async () => {
    const amina = await insertConsultant(suite.t, {
      name: "Amina Khan",
      hours: { monday: "09:00 - 13:00, 14:00 - 17:00", tuesday: "10:00 - 16:00" },
    });
    const bilal = await insertConsultant(suite.t, { name: "Bilal Ahmed", timeZone: "Europe/London" });
    const other = await insertConsultant(suite.t);
    // 2030-03-11 is a Monday.
    const late = await book(amina.guidId, "2030-03-12", "15:00");
    const early = await book(amina.guidId, "2030-03-11", "09:30");
    const cancelled = await book(amina.guidId, "2030-03-11", "11:00");
    expect((await update({ ...cancelled, isCancelled: true })).statusCode).toBe(200);
    const london = await book(bilal.guidId, "2030-03-11", "10:00");
    await book(amina.guidId, "2030-03-18", "10:00"); // after the range
    await book(other.guidId, "2030-03-12", "10:00"); // not asked for
    const away = await suite.t.app.inject({
      method: "POST",
      url: `/api/v2/Consultants/${amina.guidId}/time-off`,
      headers: suite.headers,
      payload: { from: "2030-03-14", to: "2030-03-20", reason: "Conference" },
    });
    expect(away.statusCode).toBe(201);

    const response = await calendar(
      `from=2030-03-10&to=2030-03-16&consultantIds=${amina.guidId},${bilal.guidId}`,
    );
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.from).toBe("2030-03-10");
    expect(body.to).toBe("2030-03-16");
    expect(body.slotMinutes).toBe(30);
    expect(body.appointments.map((a: { guidId: string; status: string }) => [a.guidId, a.status])).toEqual([
      [early.guidId, "Pending"],
      [london.guidId, "Pending"],
      [cancelled.guidId, "Cancelled"],
      [late.guidId, "Pending"],
    ]);
    const [first] = body.appointments;
    expect(first).toMatchObject({ appointmentTime: "09:30:00", startsAt: "2030-03-11T04:30:00.000Z" });

    expect(body.consultants).toEqual([
      {
        consultantId: amina.guidId,
        name: "Amina Khan",
        timeZone: "Asia/Karachi",
        hours: [
          { weekday: 1, start: "09:00", end: "13:00" },
          { weekday: 1, start: "14:00", end: "17:00" },
          { weekday: 2, start: "10:00", end: "16:00" },
        ],
        timeOff: [{ from: "2030-03-14", to: "2030-03-20", reason: "Conference" }],
      },
      {
        consultantId: bilal.guidId,
        name: "Bilal Ahmed",
        timeZone: "Europe/London",
        // Monday first, as the week of hours is kept.
        hours: [1, 2, 3, 4, 5, 6, 0].map((weekday) => ({ weekday, start: "09:00", end: "19:00" })),
        timeOff: [],
      },
    ]);
  });

  it("answers the range's bounds: both ends inclusive, up to 62 days", async () => {
    const consultant = await insertConsultant(suite.t);
    const first = await book(consultant.guidId, "2030-04-01", "09:00");
    const last = await book(consultant.guidId, "2030-06-01", "18:30");
    const response = await calendar(`from=2030-04-01&to=2030-06-01&consultantIds=${consultant.guidId}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().appointments.map((a: { guidId: string }) => a.guidId)).toEqual([
      first.guidId,
      last.guidId,
    ]);
  });

  it("refuses a range longer than 62 days, a reversed one and a bad date with 400 and the reason", async () => {
    const consultant = await insertConsultant(suite.t);
    const tooLong = await calendar(`from=2030-04-01&to=2030-06-02&consultantIds=${consultant.guidId}`);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({
      message: calendarMessages.rangeTooLong(CALENDAR_MAX_DAYS),
      fieldErrors: { to: calendarMessages.rangeTooLong(CALENDAR_MAX_DAYS) },
    });

    const reversed = await calendar(`from=2030-04-10&to=2030-04-01&consultantIds=${consultant.guidId}`);
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().fieldErrors).toEqual({ to: calendarMessages.rangeOrder });

    const badDate = await calendar(`from=2030-02-30&to=2030-03-01&consultantIds=${consultant.guidId}`);
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().fieldErrors).toMatchObject({ from: calendarMessages.dateInvalid });
  });

  it("asks for 1 to 10 consultants, and answers 404 for an unknown one", async () => {
    const none = await calendar("from=2030-04-01&to=2030-04-07");
    expect(none.statusCode).toBe(400);
    expect(none.json().fieldErrors).toMatchObject({ consultantIds: calendarMessages.consultantsRequired });

    const blank = await calendar("from=2030-04-01&to=2030-04-07&consultantIds=,");
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe(calendarMessages.consultantsRequired);

    const eleven = Array.from({ length: 11 }, (_, n) => `c${n}`).join(",");
    const tooMany = await calendar(`from=2030-04-01&to=2030-04-07&consultantIds=${eleven}`);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe(calendarMessages.tooManyConsultants(10));

    const unknown = await calendar("from=2030-04-01&to=2030-04-07&consultantIds=no-such-consultant");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(calendarMessages.consultantNotFound);
  });

  it("still shows a deleted consultant's kept appointments, marked so", async () => {
    const consultant = await insertConsultant(suite.t);
    const kept = await book(consultant.guidId, "2030-04-09", "12:00");
    await suite.t.db.kysely
      .updateTable("consultants")
      .set({ deletedAt: new Date().toISOString() })
      .where("id", "=", consultant.id)
      .execute();
    const response = await calendar(`from=2030-04-07&to=2030-04-13&consultantIds=${consultant.guidId}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().appointments).toMatchObject([{ guidId: kept.guidId, consultantDeleted: true }]);
  });

  it("is for signed-in staff only", async () => {
    const consultant = await insertConsultant(suite.t);
    const anonymous = await calendar(`from=2030-04-01&to=2030-04-07&consultantIds=${consultant.guidId}`, {});
    expect(anonymous.statusCode).toBe(401);
  });
});
