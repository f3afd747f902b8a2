import { appointmentMessages as messages } from "@visadesk/contract/appointments-constants";
import { describe, expect, it } from "vitest";
import { APPOINTMENTS_URL, insertConsultant, useAppointmentsApp } from "#test/appointments";

const suite = useAppointmentsApp();
const { clock, create, update } = suite;
const url = APPOINTMENTS_URL;
const list = (query = "") =>
  suite.t.app.inject({ method: "GET", url: `${url}/appointments${query}`, headers: suite.headers });
const slotOf = (consultantId: string, appointmentDate: string, appointmentTime: string) => ({
  consultantId,
  appointmentDate,
  appointmentTime,
  description: "Visit visa documents review",
});

describe("no double booking", () => {
  it("answers 409 for a second booking of a consultant's slot, with or without seconds", async () => {
    const consultant = await insertConsultant(suite.t);
    const other = await insertConsultant(suite.t);
    expect((await create(slotOf(consultant.guidId, "2030-05-01", "11:00"))).statusCode).toBe(201);
    const second = await create(slotOf(consultant.guidId, "2030-05-01", "11:00:00"));
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({
      message: messages.slotTaken,
      code: "slot_taken",
      fieldErrors: { appointmentTime: messages.slotTaken },
    });
    // Another consultant at the same time, or the same consultant half an hour later, is fine.
    expect((await create(slotOf(other.guidId, "2030-05-01", "11:00"))).statusCode).toBe(201);
    expect((await create(slotOf(consultant.guidId, "2030-05-01", "11:30"))).statusCode).toBe(201);
  });

  it("frees a cancelled slot, and refuses to restore or move an appointment onto a taken one", async () => {
    const consultant = await insertConsultant(suite.t);
    const first = (await create(slotOf(consultant.guidId, "2030-05-02", "12:00"))).json();
    expect((await update({ ...first, isCancelled: true })).statusCode).toBe(200);
    const rebooked = await create(slotOf(consultant.guidId, "2030-05-02", "12:00"));
    expect(rebooked.statusCode).toBe(201);

    // Based on the cancelled record (version 2): this is about the slot, not a stale view.
    const restore = await update({ ...first, version: 2, isCancelled: false });
    expect(restore.statusCode).toBe(409);
    expect(restore.json().message).toBe(messages.slotTaken);

    const later = (await create(slotOf(consultant.guidId, "2030-05-02", "15:00"))).json();
    const moved = await update({ ...later, appointmentTime: "12:00" });
    expect(moved.statusCode).toBe(409);
    expect(moved.json().message).toBe(messages.slotTaken);
  });

  it("holds under 50 concurrent bookings of one slot: exactly one 201 and 49 409s", async () => {
    const consultant = await insertConsultant(suite.t);
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, n) =>
        create({ ...slotOf(consultant.guidId, "2030-05-03", "14:30"), description: `Attempt ${n}` }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(49);
    for (const response of responses.filter((r) => r.statusCode === 409)) {
      expect(response.json().message).toBe(messages.slotTaken);
    }
    const booked = (await list(`?consultantId=${consultant.guidId}`)).json();
    expect(booked).toHaveLength(1);
  });
});

describe("PUT /api/v2/userAppointment/update-appointment", () => {
  it("stamps confirmation and cancellation from the signed-in user, carries them over, clears them when off", async () => {
    const consultant = await insertConsultant(suite.t);
    const created = (await create(slotOf(consultant.guidId, "2030-05-04", "09:00"))).json();
    const confirmedAt = clock.now().toISOString();
    const confirmed = await update({
      ...created,
      isConfirmed: true,
      confirmedAt: "1999-01-01T00:00:00.000Z",
      confirmedBy: "someone-else",
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({
      status: "Confirmed",
      confirmedAt,
      confirmedBy: suite.staff.userName,
    });

    // Another staff member later marks it paid, sending no flags: confirmation is carried over.
    clock.advance(60_000);
    const { headers: colleague, user: colleagueUser } = await suite.t.signIn("Staff");
    const { isConfirmed: _c, isCancelled: _x, isPaid: _p, ...withoutFlags } = confirmed.json();
    const paid = await update({ ...withoutFlags, isPaid: true }, colleague);
    expect(paid.json()).toMatchObject({
      isPaid: true,
      isConfirmed: true,
      confirmedAt,
      confirmedBy: suite.staff.userName,
    });

    const cancelled = await update({ ...paid.json(), isCancelled: true }, colleague);
    expect(cancelled.json()).toMatchObject({
      status: "Cancelled",
      isConfirmed: true,
      isPaid: true,
      cancelledAt: clock.now().toISOString(),
      cancelledBy: colleagueUser.userName,
      confirmedAt,
    });

    const reopened = await update({ ...cancelled.json(), isCancelled: false, isConfirmed: false });
    expect(reopened.json()).toMatchObject({
      status: "Pending",
      cancelledAt: null,
      cancelledBy: null,
      confirmedAt: null,
      confirmedBy: null,
      isPaid: true,
    });
  });

  it("edits the details, checks them like a booking, and 404s an unknown id", async () => {
    const consultant = await insertConsultant(suite.t);
    const other = await insertConsultant(suite.t);
    const created = (await create(slotOf(consultant.guidId, "2030-05-05", "09:00"))).json();
    const edited = await update({
      ...created,
      consultantId: other.id,
      appointmentTime: "16:30",
      description: "Rescheduled: family visa",
      supportContact: "support@example.com",
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      consultantId: other.guidId,
      consultantName: other.name,
      appointmentTime: "16:30:00",
      description: "Rescheduled: family visa",
      supportContact: "support@example.com",
      userid: created.userid,
    });

    // Version 2: the edit above moved it; these are about the field rules, not a stale view.
    const invalid = await update({ ...created, version: 2, description: "", appointmentDate: "2030-03-09" });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().fieldErrors).toMatchObject({ description: messages.descriptionRequired });
    const past = await update({ ...created, version: 2, appointmentDate: "2030-03-09" });
    expect(past.json().fieldErrors).toEqual({ appointmentDate: messages.datePast });

    const missing = await update({ ...created, id: 987_654 });
    expect(missing.statusCode).toBe(404);
    const noId = await update({ ...created, id: undefined });
    expect(noId.json().fieldErrors).toEqual({ id: messages.idRequired });
  });

  it("lets staff settle an appointment whose date has passed, as long as the date is kept", async () => {
    const consultant = await insertConsultant(suite.t);
    const created = (await create(slotOf(consultant.guidId, "2030-03-10", "17:00"))).json();
    clock.advance(3 * 24 * 3600_000);
    try {
      const { headers: later } = await suite.t.signIn("Staff");
      const paid = await update({ ...created, isPaid: true }, later);
      expect(paid.statusCode).toBe(200);
      expect(paid.json().isPaid).toBe(true);
    } finally {
      clock.advance(-3 * 24 * 3600_000);
    }
  });
});

describe("GET /api/v2/userAppointment/appointments", () => {
  it("answers the whole array without paging, upcoming soonest first, and one page plus total with it", async () => {
    const consultant = await insertConsultant(suite.t);
    const times = [
      ["2030-06-10", "09:00"],
      ["2030-06-12", "10:00"],
      ["2030-06-12", "15:30"],
      ["2030-06-11", "18:30"],
    ];
    for (const [date, time] of times) {
      expect((await create(slotOf(consultant.guidId, date as string, time as string))).statusCode).toBe(201);
    }
    const all = (await list(`?consultantId=${consultant.guidId}`)).json();
    expect(
      all.map(
        (a: { appointmentDate: string; appointmentTime: string }) =>
          `${a.appointmentDate} ${a.appointmentTime}`,
      ),
    ).toEqual(["2030-06-10 09:00:00", "2030-06-11 18:30:00", "2030-06-12 10:00:00", "2030-06-12 15:30:00"]);

    const page2 = (await list(`?consultantId=${consultant.id}&page=2&pageSize=3`)).json();
    expect(page2.total).toBe(4);
    expect(page2.data).toHaveLength(1);
    expect(page2.data[0].appointmentTime).toBe("15:30:00");

    const ranged = (
      await list(`?consultantId=${consultant.guidId}&from=2030-06-11&to=2030-06-11&page=1`)
    ).json();
    expect(ranged.total).toBe(1);
    expect(ranged.data[0].appointmentTime).toBe("18:30:00");
  });

  it("filters by derived status", async () => {
    const consultant = await insertConsultant(suite.t);
    const pending = (await create(slotOf(consultant.guidId, "2030-07-01", "09:00"))).json();
    const confirmed = (
      await create({ ...slotOf(consultant.guidId, "2030-07-01", "09:30"), isConfirmed: true })
    ).json();
    const both = (
      await create({ ...slotOf(consultant.guidId, "2030-07-01", "10:00"), isConfirmed: true })
    ).json();
    await update({ ...both, isCancelled: true });
    const byStatus = async (status: string) =>
      (await list(`?consultantId=${consultant.guidId}&status=${status}&page=1`)).json();
    expect((await byStatus("Pending")).data.map((a: { id: number }) => a.id)).toEqual([pending.id]);
    expect((await byStatus("Confirmed")).data.map((a: { id: number }) => a.id)).toEqual([confirmed.id]);
    const cancelled = await byStatus("Cancelled");
    expect(cancelled).toMatchObject({ total: 1, data: [{ id: both.id, status: "Cancelled" }] });

    const wrong = await list("?status=Done");
    expect(wrong.statusCode).toBe(400);
  });

  it("answers an empty page for an unknown consultant", async () => {
    expect((await list("?consultantId=00000000-0000-0000-0000-000000000000&page=1")).json()).toEqual({
      data: [],
      total: 0,
    });
  });
});
