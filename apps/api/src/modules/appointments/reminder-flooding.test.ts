import { appointmentMessages as messages } from "@visadesk/contract/appointments-constants";
import { describe, expect, it } from "vitest";
import { insertConsultant, APPOINTMENTS_URL as url, useAppointmentsApp } from "#test/appointments";

/**
 * A repeated id in a bulk request acts once, and an appointment gets at most one reminder every
 * REMINDER_COOLDOWN_MINUTES however it is asked for: a skipped one mails nothing and says why.
 */
const suite = useAppointmentsApp();

async function bookedAppointment(time: string) {
  const consultant = await insertConsultant(suite.t);
  const customer = await suite.t.createAccount({ role: "AppUser" });
  const created = await suite.create({
    consultantId: consultant.guidId,
    userid: customer.guidId,
    appointmentDate: "2030-04-02",
    appointmentTime: time,
    description: "Reminder flood",
  });
  expect(created.statusCode, created.body).toBe(201);
  return { id: created.json().id as number, guidId: created.json().guidId as string, email: customer.email };
}
/** The reminders the address got (not the booking's own mail). */
const mailsTo = (email: string) =>
  suite.t.mails.filter((mail) => mail.to === email && mail.subject.startsWith("Reminder:")).length;
const bulk = (payload: object) =>
  suite.t.app.inject({ method: "POST", url: `${url}/bulk`, headers: suite.headers, payload });
const remind = (id: number) =>
  suite.t.app.inject({ method: "POST", url: `${url}/${id}/send-reminder`, headers: suite.headers });

describe("reminders cannot flood a mailbox", () => {
  it("sends one mail for the same id named 50 times in a bulk request, and answers it once", async () => {
    const appointment = await bookedAppointment("10:30");
    const answer = await bulk({ action: "sendReminder", ids: Array(50).fill(appointment.guidId) });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().results).toEqual([{ id: appointment.guidId, ok: true, changed: true }]);
    expect(mailsTo(appointment.email)).toBe(1);
  });

  it("skips a reminder within 10 minutes of the last, by any path, and sends again after", async () => {
    const appointment = await bookedAppointment("11:30");
    expect((await remind(appointment.id)).statusCode).toBe(200);
    const again = await remind(appointment.id);
    expect(again.statusCode).toBe(429);
    expect(again.json().message).toBe(messages.reminderTooSoon);
    expect(again.headers["retry-after"]).toBe("600");
    // Its numeric id and its guid name the same appointment: neither repeats the mail.
    const both = await bulk({ action: "sendReminder", ids: [appointment.id, appointment.guidId] });
    expect(both.json().results).toEqual([
      { id: String(appointment.id), ok: false, message: messages.reminderTooSoon },
      { id: appointment.guidId, ok: false, message: messages.reminderTooSoon },
    ]);
    expect(mailsTo(appointment.email)).toBe(1);

    suite.clock.advance(10 * 60_000);
    expect((await remind(appointment.id)).statusCode).toBe(200);
    expect(mailsTo(appointment.email)).toBe(2);
  });

  it("mails once for 10 simultaneous asks", async () => {
    const appointment = await bookedAppointment("12:30");
    const answers = await Promise.all(Array.from({ length: 10 }, () => remind(appointment.id)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, ...Array(9).fill(429)]);
    expect(mailsTo(appointment.email)).toBe(1);
  });
});

describe("bulk requests act once per id", () => {
  it("approves a consultant named three times once, with one history row", async () => {
    const consultant = await insertConsultant(suite.t);
    await suite.t.db.kysely
      .updateTable("consultants")
      .set({ isApproved: false })
      .where("guidId", "=", consultant.guidId)
      .execute();
    const answer = await suite.t.app.inject({
      method: "POST",
      url: "/api/v2/Consultants/bulk",
      headers: suite.headers,
      payload: { action: "approve", ids: [consultant.guidId, consultant.guidId, consultant.guidId] },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().results).toEqual([{ id: consultant.guidId, ok: true, changed: true }]);
  });
});
