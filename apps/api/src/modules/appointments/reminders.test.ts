import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Db } from "#api/db/database";
import { createMailer } from "#api/lib/mailer";
import { APPOINTMENTS_URL, insertConsultant } from "#test/appointments";
import { createTestApp, type TestApp, testClock } from "#test/helpers";
import { createFileService } from "../files/service";
import { reminderMessages } from "./reminder-worker";
import { createAppointmentService } from "./service";

/**
 * The automatic reminders, mailed through a real SMTP server listening in this process. Business zone
 * Asia/Karachi (UTC+5); the clock starts at 06:00 UTC on Sunday 10 March 2030 (11:00 in Karachi). Reminders
 * go 24 and 2 hours ahead; a refused mail is tried 3 times, 60 s then 120 s apart.
 */
const START = "2030-03-10T06:00:00Z";
const clock = testClock(new Date(START));

interface Received {
  to: string;
  text: string;
}
const received: Received[] = [];
/** RCPT TO commands seen, refused ones included: one per try. */
let rcptTries: string[] = [];
/** Recipients the server refuses, as a full mailbox would. */
const refused = new Set<string>();
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS", "AUTH"],
  logger: false,
  onRcptTo(address, _session, callback) {
    rcptTries.push(address.address);
    if (!refused.has(address.address)) return callback();
    const error = Object.assign(new Error("Mailbox unavailable"), { responseCode: 550 });
    return callback(error);
  },
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on("data", (chunk: Buffer) => chunks.push(chunk));
    stream.on("end", () => {
      const to = session.envelope.rcptTo.map((rcpt) => rcpt.address).join(",");
      // The raw message, its quoted-printable soft breaks and escapes undone.
      const raw = Buffer.concat(chunks).toString("utf8");
      const text = raw
        .replace(/=\r?\n/g, "")
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
      received.push({ to, text });
      callback();
    });
  },
});

let t: TestApp;
let headers: { authorization: string };
let smtpUrl: string;

/** An API process's reminder worker on the given database connection, mailing through the real server. */
function workerOn(db: Db) {
  const mailer = createMailer({
    smtpUrl,
    from: t.config.mailFrom,
    dataDir: t.config.dataDir,
    log: t.app.log,
  });
  const service = createAppointmentService({
    config: t.config,
    db,
    clock,
    mailer,
    files: createFileService(db),
  });
  return service.reminderWorker(t.app.log);
}

beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
  t = await createTestApp({
    clock,
    replicable: true,
    realMailer: true,
    config: {
      businessTimeZone: "Asia/Karachi",
      smtpUrl,
      reminderHoursBefore: [24, 2],
      reminderMaxAttempts: 3,
      reminderRetrySeconds: 60,
    },
  });
  ({ headers } = await t.signIn("Staff"));
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

/** Moves the clock; signs in again, as a session idle for a day has ended. */
async function at(instant: string) {
  clock.set(instant);
  ({ headers } = await t.signIn("Staff"));
}

async function book(options: { date: string; time: string; confirmed?: boolean; timeZone?: string }) {
  const customer = await t.createAccount({ role: "AppUser" });
  if (options.timeZone) {
    await t.db.kysely
      .updateTable("users")
      .set({ timeZone: options.timeZone })
      .where("id", "=", customer.id)
      .execute();
  }
  const consultant = await insertConsultant(t);
  const response = await t.app.inject({
    method: "POST",
    url: APPOINTMENTS_URL,
    headers,
    payload: {
      userid: customer.guidId,
      consultantId: consultant.guidId,
      appointmentDate: options.date,
      appointmentTime: options.time,
      description: "Work visa consultation",
      isConfirmed: options.confirmed ?? true,
    },
  });
  expect(response.statusCode).toBe(201);
  // The booking's own mails (appointment-mails.test.ts), sent before the answer, are not what these count.
  const booking = [customer.email, consultant.contactEmail];
  for (let index = received.length - 1; index >= 0; index -= 1) {
    if (booking.includes(received[index]?.to ?? "")) received.splice(index, 1);
  }
  rcptTries = rcptTries.filter((address) => !booking.includes(address));
  return { appointment: response.json(), customer, consultant };
}

async function remindersOf(id: number) {
  const response = await t.app.inject({ method: "GET", url: `${APPOINTMENTS_URL}/${id}`, headers });
  expect(response.statusCode).toBe(200);
  return response.json().reminders as Array<Record<string, unknown>>;
}
const mailsTo = (email: string) => received.filter((mail) => mail.to === email);

describe("automatic reminders", () => {
  it("are scheduled 24 and 2 hours ahead of a confirmed appointment, and each is mailed once by two workers racing on one database", async () => {
    await at(START);
    const booked = await Promise.all(
      ["10:00", "10:30", "11:00"].map((time) => book({ date: "2030-03-12", time })),
    );
    // 10:00 in Karachi on 12 March is 05:00 UTC.
    expect(booked[0]?.appointment.reminders).toEqual([
      {
        hoursBefore: 24,
        dueAt: "2030-03-11T05:00:00.000Z",
        state: "scheduled",
        sentAt: null,
        failureReason: null,
      },
      {
        hoursBefore: 2,
        dueAt: "2030-03-12T03:00:00.000Z",
        state: "scheduled",
        sentAt: null,
        failureReason: null,
      },
    ]);

    const replica = await t.replica();
    const workers = [workerOn(t.db), workerOn(replica.db)];
    await at("2030-03-11T07:30:00Z"); // past every 24-hour reminder, before every 2-hour one
    const sent = await Promise.all([...workers, ...workers].map((worker) => worker.tick()));
    expect(sent.reduce((sum, count) => sum + count, 0)).toBe(3);
    for (const { customer, appointment } of booked) {
      expect(mailsTo(customer.email)).toHaveLength(1);
      const [day, twoHours] = await remindersOf(appointment.id);
      expect(day).toMatchObject({ hoursBefore: 24, state: "sent", sentAt: "2030-03-11T07:30:00.000Z" });
      expect(twoHours).toMatchObject({ hoursBefore: 2, state: "scheduled", sentAt: null });
    }
    // Another round finds nothing more due.
    expect(await Promise.all(workers.map((worker) => worker.tick()))).toEqual([0, 0]);

    // The second lead of the comma list: one more mail each, still once.
    await at("2030-03-12T04:30:00Z");
    await Promise.all([...workers, ...workers].map((worker) => worker.tick()));
    for (const { customer, appointment } of booked) {
      expect(mailsTo(customer.email)).toHaveLength(2);
      expect((await remindersOf(appointment.id)).map((reminder) => reminder.state)).toEqual(["sent", "sent"]);
    }
    const [first] = mailsTo(booked[0]?.customer.email ?? "");
    expect(first?.text).toContain("Subject: Reminder: your appointment on Tuesday, 12 March 2030");
    expect(first?.text).toContain(booked[0]?.consultant.name);
  });

  it("are retried with a doubling wait while SMTP refuses them, then failed with the server's reason", async () => {
    await at(START);
    const { appointment, customer } = await book({ date: "2030-03-13", time: "10:00" });
    refused.add(customer.email);
    rcptTries = [];
    const worker = workerOn(t.db);
    const tries = () => rcptTries.filter((address) => address === customer.email).length;

    clock.set("2030-03-12T05:00:00Z"); // the 24-hour reminder is due
    await worker.tick();
    expect(tries()).toBe(1);
    await at("2030-03-12T05:00:59Z");
    expect((await remindersOf(appointment.id))[0]).toMatchObject({ state: "scheduled", failureReason: null });
    await worker.tick();
    expect(tries()).toBe(1); // not before the first wait of 60 s
    clock.set("2030-03-12T05:01:00Z");
    await worker.tick();
    expect(tries()).toBe(2);
    clock.set("2030-03-12T05:02:59Z");
    await worker.tick();
    expect(tries()).toBe(2); // the second wait is 120 s
    clock.set("2030-03-12T05:03:00Z");
    await worker.tick();
    expect(tries()).toBe(3);

    await at("2030-03-12T06:00:00Z");
    await worker.tick();
    expect(tries()).toBe(3); // the last try was the third
    const [day] = await remindersOf(appointment.id);
    expect(day).toMatchObject({ hoursBefore: 24, state: "failed", sentAt: null });
    expect(String(day?.failureReason)).toContain("Mailbox unavailable");
    expect(mailsTo(customer.email)).toHaveLength(0);
    refused.delete(customer.email);
  });

  it("are not made for unconfirmed appointments, and go when one is cancelled or deleted", async () => {
    await at(START);
    const unconfirmed = await book({ date: "2030-03-14", time: "10:00", confirmed: false });
    expect(unconfirmed.appointment.reminders).toEqual([]);
    const cancelled = await book({ date: "2030-03-14", time: "10:00" });
    expect(cancelled.appointment.reminders).toHaveLength(2);
    const cancel = await t.app.inject({
      method: "PUT",
      url: `${APPOINTMENTS_URL}/update-appointment`,
      headers,
      payload: {
        id: cancelled.appointment.id,
        userid: cancelled.customer.guidId,
        consultantId: cancelled.consultant.guidId,
        appointmentDate: "2030-03-14",
        appointmentTime: "10:00",
        description: "Work visa consultation",
        isCancelled: true,
      },
    });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json().reminders).toEqual([]);
    const deleted = await book({ date: "2030-03-14", time: "10:00" });
    const remove = await t.app.inject({
      method: "DELETE",
      url: `${APPOINTMENTS_URL}/${deleted.appointment.id}`,
      headers,
    });
    expect(remove.statusCode).toBe(200);

    clock.set("2030-03-14T04:00:00Z"); // past both leads
    await workerOn(t.db).tick();
    // No reminder; the cancelled one's customer got only the cancellation.
    const subjects = (email: string) =>
      mailsTo(email).map((mail) => mail.text.match(/^Subject: (.*)$/m)?.[1]);
    for (const { customer } of [unconfirmed, deleted]) expect(subjects(customer.email)).toEqual([]);
    expect(subjects(cancelled.customer.email)).toEqual([
      "Your appointment on Thursday, 14 March 2030 is cancelled",
    ]);
    const left = await t.db.kysely
      .selectFrom("appointmentReminders")
      .select("id")
      .where("appointmentId", "in", [cancelled.appointment.id, deleted.appointment.id])
      .execute();
    expect(left).toEqual([]);
  });

  it("go when a consultant's delete cancels the appointment", async () => {
    await at(START);
    const { appointment, consultant, customer } = await book({ date: "2030-03-19", time: "10:00" });
    expect(appointment.reminders).toHaveLength(2);
    const { headers: admin } = await t.signIn("Admin");
    const removed = await t.app.inject({
      method: "DELETE",
      url: `/api/v2/Consultants/${consultant.guidId}?appointments=cancel&reason=Leaving&confirmUpcoming=true`,
      headers: admin,
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().cancelledAppointments).toBe(1);
    expect(await remindersOf(appointment.id)).toEqual([]);
    clock.set("2030-03-19T04:30:00Z"); // past both leads
    await workerOn(t.db).tick();
    // Only the cancellation mail reached the customer.
    expect(mailsTo(customer.email).every((mail) => !mail.text.includes("Subject: Reminder"))).toBe(true);
  });

  it("move with a rescheduled appointment, and one whose time has already passed is not made", async () => {
    await at(START);
    // Booked at 11:00 for 15:00 the same day: 24 hours ahead has passed, 2 hours ahead has not.
    const soon = await book({ date: "2030-03-10", time: "15:00" });
    expect(
      soon.appointment.reminders.map((reminder: { hoursBefore: number }) => reminder.hoursBefore),
    ).toEqual([2]);

    const moved = await book({ date: "2030-03-15", time: "10:00" });
    const update = await t.app.inject({
      method: "PUT",
      url: `${APPOINTMENTS_URL}/update-appointment`,
      headers,
      payload: {
        id: moved.appointment.id,
        userid: moved.customer.guidId,
        consultantId: moved.consultant.guidId,
        appointmentDate: "2030-03-16",
        appointmentTime: "12:00",
        description: "Work visa consultation",
      },
    });
    expect(update.statusCode).toBe(200);
    expect(update.json().reminders).toMatchObject([
      { hoursBefore: 24, dueAt: "2030-03-15T07:00:00.000Z", state: "scheduled" },
      { hoursBefore: 2, dueAt: "2030-03-16T05:00:00.000Z", state: "scheduled" },
    ]);
    // The customer is told of the move; the old due time brings no reminder.
    const moveMail = (mail: Received) => /is now on/.test(mail.text);
    await vi.waitFor(() => expect(mailsTo(moved.customer.email).map(moveMail)).toEqual([true]));
    clock.set("2030-03-14T05:30:00Z");
    await workerOn(t.db).tick();
    expect(mailsTo(moved.customer.email).map(moveMail)).toEqual([true]);
  });

  it("tell the time in the consultant's zone and in the app user's own zone when it differs", async () => {
    await at(START);
    const { appointment, customer } = await book({
      date: "2030-03-17",
      time: "10:00",
      timeZone: "Europe/London",
    });
    clock.set("2030-03-16T05:00:00Z");
    expect(await workerOn(t.db).tick()).toBeGreaterThanOrEqual(1);
    const [mail] = mailsTo(customer.email);
    // 10:00 in Karachi is 05:00 in London (GMT in March before the clocks change).
    expect(mail?.text).toMatch(/10:00.*which is .*5:00.* for you/s);
    expect(appointment.userTimeZone).toBe("Europe/London");
  });

  it("are mailed by the API process's own worker on its interval, which stops when the app closes", async () => {
    const ownClock = testClock(new Date(START));
    const server = await createTestApp({
      clock: ownClock,
      reminderWorker: true,
      realMailer: true,
      config: {
        businessTimeZone: "Asia/Karachi",
        smtpUrl,
        reminderHoursBefore: [24],
        reminderIntervalSeconds: 1,
      },
    });
    try {
      const { headers: staff } = await server.signIn("Staff");
      const customer = await server.createAccount({ role: "AppUser" });
      const consultant = await insertConsultant(server);
      const booked = await server.app.inject({
        method: "POST",
        url: APPOINTMENTS_URL,
        headers: staff,
        payload: {
          userid: customer.guidId,
          consultantId: consultant.guidId,
          appointmentDate: "2030-03-12",
          appointmentTime: "10:00",
          description: "Work visa consultation",
          isConfirmed: true,
        },
      });
      expect(booked.statusCode).toBe(201);
      ownClock.set("2030-03-11T05:00:00Z");
      await vi.waitFor(() => expect(mailsTo(customer.email)).toHaveLength(1), {
        timeout: 10_000,
        interval: 100,
      });
    } finally {
      await server.close();
    }
  });

  it("are failed, not sent late, when the appointment started before they could go", async () => {
    await at(START);
    const { appointment, customer } = await book({ date: "2030-03-18", time: "10:00" });
    // The API was down from before the 24-hour lead until after the start.
    clock.set("2030-03-18T06:00:00Z");
    await workerOn(t.db).tick();
    expect(mailsTo(customer.email)).toEqual([]);
    await at("2030-03-18T06:00:00Z");
    expect((await remindersOf(appointment.id)).map((reminder) => reminder.failureReason)).toEqual([
      reminderMessages.started,
      reminderMessages.started,
    ]);
  });
});
