import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookAppointment, readAppointment } from "#test/appointments";
import { consultantFields, historyOf, registerConsultant, sendForm } from "#test/builders";
import { createTestApp, type TestApp, testClock } from "#test/helpers";
import { wallClock } from "../appointments/time-zone-change";

/**
 * A consultant's time zone change keeps each appointment's instant and its reminders, and writes the
 * appointment's local date and time as that instant in the new zone; it is previewed and audited.
 */
let t: TestApp;
let staff: { authorization: string; cookie: string };
const clock = testClock(new Date("2030-12-01T12:00:00Z"));
beforeAll(async () => {
  t = await createTestApp({ clock, config: { businessTimeZone: "UTC" } });
  staff = (await t.signIn("Staff")).headers;
});
afterAll(() => t.close());

async function book(consultantId: string, appointmentDate: string, appointmentTime: string) {
  const customer = await t.createAccount({ role: "AppUser" });
  return bookAppointment(t, staff, {
    userid: customer.guidId,
    consultantId,
    appointmentDate,
    appointmentTime,
    description: "Work permit interview",
    isConfirmed: true,
  });
}
const appointment = (guidId: string) => readAppointment(t, staff, guidId);

describe("changing a consultant's time zone", () => {
  it("keeps the instants and reminders, shows the appointments in the new zone, previews and audits it", async () => {
    const fields = consultantFields({ TimeZone: "Asia/Karachi" });
    const consultant = await registerConsultant(t.app, staff, fields);
    // 10:00 and 14:00 in Karachi (UTC+5); in Tokyo (UTC+9) the first lands on the second's old 14:00.
    const first = await book(consultant.guidId, "2030-12-07", "10:00");
    const second = await book(consultant.guidId, "2030-12-07", "14:00");
    expect(first.startsAt).toBe("2030-12-07T05:00:00.000Z");
    expect(first.reminders.length).toBeGreaterThan(0);

    const preview = await t.app.inject({
      method: "GET",
      url: `/api/v2/Consultants/${consultant.guidId}/time-zone-change?timeZone=Asia/Tokyo`,
      headers: staff,
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toEqual({
      from: "Asia/Karachi",
      to: "Asia/Tokyo",
      appointments: [
        {
          guidId: first.guidId,
          userEmail: first.userEmail,
          startsAt: first.startsAt,
          from: { appointmentDate: "2030-12-07", appointmentTime: "10:00:00" },
          to: { appointmentDate: "2030-12-07", appointmentTime: "14:00:00" },
        },
        {
          guidId: second.guidId,
          userEmail: second.userEmail,
          startsAt: second.startsAt,
          from: { appointmentDate: "2030-12-07", appointmentTime: "14:00:00" },
          to: { appointmentDate: "2030-12-07", appointmentTime: "18:00:00" },
        },
      ],
    });

    const saved = await sendForm(
      t.app,
      { method: "PUT", url: "/api/v2/Consultants/update", headers: staff },
      { ...fields, GuidId: consultant.guidId, TimeZone: "Asia/Tokyo" },
    );
    expect(saved.statusCode, saved.body).toBe(200);

    for (const before of [first, second]) {
      const after = await appointment(before.guidId);
      expect(after.startsAt).toBe(before.startsAt);
      expect(after.endsAt).toBe(before.endsAt);
      expect(after.timeZone).toBe("Asia/Tokyo");
      expect({ appointmentDate: after.appointmentDate, appointmentTime: after.appointmentTime }).toEqual(
        wallClock(after.startsAt, "Asia/Tokyo"),
      );
      expect(after.reminders.map((r: { dueAt: string }) => r.dueAt)).toEqual(
        before.reminders.map((r: { dueAt: string }) => r.dueAt),
      );
      // An edit form opened before the change holds the old local time: its save is refused.
      expect(after.version).toBe(before.version + 1);
    }

    const [row] = await historyOf(t.app, staff, "consultant", consultant.guidId);
    expect(row).toMatchObject({
      action: "update",
      changes: {
        timeZone: { from: "Asia/Karachi", to: "Asia/Tokyo" },
        appointmentsInNewTimeZone: { from: 0, to: 2 },
      },
    });
  });

  it("Karachi to London: the 7 December appointment reads 05:00, as its instant", async () => {
    const fields = consultantFields({ TimeZone: "Asia/Karachi" });
    const consultant = await registerConsultant(t.app, staff, fields);
    const booked = await book(consultant.guidId, "2030-12-07", "10:00");
    const saved = await sendForm(
      t.app,
      { method: "PUT", url: "/api/v2/Consultants/update", headers: staff },
      { ...fields, GuidId: consultant.guidId, TimeZone: "Europe/London" },
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await appointment(booked.guidId)).toMatchObject({
      appointmentDate: "2030-12-07",
      appointmentTime: "05:00:00",
      startsAt: "2030-12-07T05:00:00.000Z",
      timeZone: "Europe/London",
    });
    // The same zone again changes nothing.
    const again = await t.app.inject({
      method: "GET",
      url: `/api/v2/Consultants/${consultant.guidId}/time-zone-change?timeZone=Europe/London`,
      headers: staff,
    });
    expect(again.json().appointments).toEqual([]);
  });
});
