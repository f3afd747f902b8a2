import { describe, expect, it } from "vitest";
import { APPOINTMENTS_URL, insertConsultant, useAppointmentsApp } from "#test/appointments";

const suite = useAppointmentsApp();
const get = (path: string) =>
  suite.t.app.inject({ method: "GET", url: `${APPOINTMENTS_URL}${path}`, headers: suite.headers });

describe("an appointment names its customer", () => {
  it("answers the customer's full name beside their email, in the record, the list and the calendar", async () => {
    const consultant = await insertConsultant(suite.t, { name: "Amina Khan" });
    const created = await suite.create({
      consultantId: consultant.guidId,
      appointmentDate: "2030-05-06",
      appointmentTime: "10:00",
      description: "Names",
    });
    expect(created.statusCode, created.body).toBe(201);
    const booked = created.json();
    // The signed-in staff member books for themself: their account's first and last name.
    const { firstName, lastName } = await suite.t.db.kysely
      .selectFrom("users")
      .select(["firstName", "lastName"])
      .where("guidId", "=", booked.userId)
      .executeTakeFirstOrThrow();
    const name = `${firstName} ${lastName}`;
    expect(booked).toMatchObject({
      customerName: name,
      userEmail: suite.staff.email,
      consultantName: "Amina Khan",
    });
    expect((await get(`/${booked.guidId}`)).json().customerName).toBe(name);
    const page = (await get(`/appointments?page=1&consultantId=${consultant.guidId}`)).json();
    expect(page.data.map((row: { customerName: string }) => row.customerName)).toEqual([name]);
    const calendar = (
      await get(`/calendar?from=2030-05-06&to=2030-05-06&consultantIds=${consultant.guidId}`)
    ).json();
    expect(calendar.appointments[0].customerName).toBe(name);
  });

  it("answers null when the account has no name", async () => {
    const consultant = await insertConsultant(suite.t);
    const created = (
      await suite.create({
        consultantId: consultant.guidId,
        appointmentDate: "2030-05-07",
        appointmentTime: "11:00",
        description: "No name",
      })
    ).json();
    await suite.t.db.kysely
      .updateTable("users")
      .set({ firstName: null, lastName: null })
      .where("guidId", "=", created.userId)
      .execute();
    expect((await get(`/${created.guidId}`)).json().customerName).toBeNull();
  });
});
