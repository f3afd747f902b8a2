import { schedulingMessages } from "@visadesk/contract/scheduling";
import { describe, expect, it } from "vitest";
import { APPOINTMENTS_URL, insertConsultant, useAppointmentsApp } from "#test/appointments";

/**
 * Attendance as staff see it: the list's attendance filter, and the no-show counts on the single
 * consultant and single app user answers. The clock starts at 06:00 UTC on 10 March 2030 (11:00 in Karachi).
 */
const suite = useAppointmentsApp();

describe("attendance in lists and counts", () => {
  it("filters the list by attendance, paged or not, and counts no-shows on the consultant and the app user", async () => {
    const { t, clock } = suite;
    const consultant = await insertConsultant(t);
    const customer = await t.createAccount({ role: "AppUser" });
    const otherCustomer = await t.createAccount({ role: "AppUser" });
    const booked: number[] = [];
    for (const [time, who] of [
      ["12:00", customer],
      ["13:00", customer],
      ["14:00", otherCustomer],
      ["15:00", customer],
    ] as const) {
      const response = await suite.create({
        userid: who.guidId,
        consultantId: consultant.guidId,
        appointmentDate: "2030-03-11",
        appointmentTime: time,
        description: "Family visa consultation",
      });
      expect(response.statusCode).toBe(201);
      booked.push(response.json().id);
    }
    const [first = 0, second = 0, third = 0] = booked;

    const detail = async () => {
      const [consultantAnswer, userAnswer] = await Promise.all([
        t.app.inject({
          method: "GET",
          url: `/api/v2/Consultants/${consultant.guidId}`,
          headers: suite.headers,
        }),
        t.app.inject({ method: "GET", url: `/api/v2/User/users/${customer.guidId}`, headers: suite.headers }),
      ]);
      expect(consultantAnswer.statusCode).toBe(200);
      expect(userAnswer.statusCode).toBe(200);
      return { consultant: consultantAnswer.json().noShowCount, user: userAnswer.json().noShowCount };
    };
    expect(await detail()).toEqual({ consultant: 0, user: 0 });

    // After the day: two no-shows of the customer, one of another, one attended.
    clock.set("2030-03-12T06:00:00Z");
    ({ headers: suite.headers } = await t.signIn("Staff"));
    for (const [id, attendance] of [
      [first, "NoShow"],
      [second, "NoShow"],
      [third, "NoShow"],
      [booked[3], "Attended"],
    ] as const) {
      const marked = await t.app.inject({
        method: "POST",
        url: `${APPOINTMENTS_URL}/${id}/attendance`,
        headers: suite.headers,
        payload: { attendance },
      });
      expect(marked.statusCode).toBe(200);
    }
    expect(await detail()).toEqual({ consultant: 3, user: 2 });

    const list = (query: string) =>
      t.app.inject({
        method: "GET",
        url: `${APPOINTMENTS_URL}/appointments?consultantId=${consultant.guidId}&${query}`,
        headers: suite.headers,
      });
    const ids = (rows: Array<{ id: number }>) => rows.map((row) => row.id).sort((a, b) => a - b);
    expect(ids((await list("attendance=NoShow")).json())).toEqual([first, second, third]);
    expect(ids((await list("attendance=Attended")).json())).toEqual([booked[3]]);
    expect((await list("attendance=LateCancellation")).json()).toEqual([]);
    const page = (await list("attendance=NoShow&page=1&pageSize=2")).json();
    expect(page.total).toBe(3);
    expect(page.data).toHaveLength(2);
    expect(page.data.every((row: { attendance: string }) => row.attendance === "NoShow")).toBe(true);

    const bad = await list("attendance=Late");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(schedulingMessages.attendanceInvalid);

    // Clearing a mark takes it out of the counts.
    const cleared = await t.app.inject({
      method: "POST",
      url: `${APPOINTMENTS_URL}/${first}/attendance`,
      headers: suite.headers,
      payload: { attendance: null },
    });
    expect(cleared.statusCode).toBe(200);
    expect(await detail()).toEqual({ consultant: 2, user: 1 });
  });
});
