import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { approvedConsultant, CUSTOMER_API, quickCustomer } from "#test/customers";
import { createTestApp, type TestApp, testClock } from "#test/helpers";
import { icalProperty, type ReceivedMail, smtpInbox } from "#test/smtp-inbox";

/**
 * The mails of an appointment's life, received by a real SMTP server in this process: booked by the customer,
 * confirmed by staff, moved and cancelled by the customer. Each goes to the customer and to the consultant
 * with an iCalendar invitation. 08:00 in Karachi (the business zone) on 1 December 2026.
 */
const clock = testClock(new Date("2026-12-01T03:00:00Z"));
const PUBLIC_URL = "https://visadesk.example.pk";
const OFFICE = "Office 4, Blue Area, Islamabad";
let inbox: Awaited<ReturnType<typeof smtpInbox>>;
let t: TestApp;
let admin: Record<string, string>;

beforeAll(async () => {
  inbox = await smtpInbox();
  t = await createTestApp({
    clock,
    realMailer: true,
    config: { smtpUrl: inbox.url, publicUrl: PUBLIC_URL, currency: "PKR" },
  });
  admin = (await t.signIn("Admin")).headers;
});
afterAll(async () => {
  await t.close();
  await inbox.close();
});

/** An approved consultant with an office, a fee and their own contact address. */
async function consultant(contactEmail: string) {
  const guidId = await approvedConsultant(t, admin);
  await t.db.kysely
    .updateTable("consultants")
    .set({ address: OFFICE, fee: 5000, contactEmail })
    .where("guidId", "=", guidId)
    .execute();
  return guidId;
}

/** The next mail to the address, after the ones already read. */
async function nextMail(address: string, seen: number): Promise<ReceivedMail> {
  let mail: ReceivedMail | undefined;
  await vi.waitFor(() => {
    mail = inbox.to(address)[seen];
    expect(mail).toBeDefined();
  });
  return mail as ReceivedMail;
}

const customerAction = (headers: Record<string, string>, id: string, name: string, payload: object) =>
  t.app.inject({ method: "POST", url: `${CUSTOMER_API}/appointments/${id}/${name}`, headers, payload });

describe("an appointment's mails", () => {
  it("carry one invitation per change to the customer and the consultant: REQUEST, then CANCEL, SEQUENCE rising, one UID", async () => {
    const consultantEmail = "consultant.mails@example.com";
    const consultantId = await consultant(consultantEmail);
    const customer = await quickCustomer(t);
    const myAppointments = `${PUBLIC_URL}/book/appointments`;

    const booked = await t.app.inject({
      method: "POST",
      url: `${CUSTOMER_API}/appointments`,
      headers: customer.headers,
      payload: { consultantId, startsAt: "2026-12-03T05:00:00Z", description: "Student visa for the UK" },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const guidId = booked.json().guidId as string;

    const staffView = await t.app.inject({
      method: "GET",
      url: `/api/v2/userAppointment/${guidId}`,
      headers: admin,
    });
    const row = staffView.json();
    const confirmed = await t.app.inject({
      method: "PUT",
      url: "/api/v2/userAppointment/update-appointment",
      headers: admin,
      payload: {
        id: row.id,
        userid: row.userid,
        consultantId,
        appointmentDate: row.appointmentDate,
        appointmentTime: row.appointmentTime,
        description: row.description,
        isConfirmed: true,
      },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const moved = await customerAction(customer.headers, guidId, "reschedule", {
      startsAt: "2026-12-03T07:00:00Z",
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const cancelled = await customerAction(customer.headers, guidId, "cancel", {});
    expect(cancelled.statusCode, cancelled.body).toBe(200);

    const steps = ["REQUEST", "REQUEST", "REQUEST", "CANCEL"];
    for (const reader of [customer.email, consultantEmail]) {
      const mails = await Promise.all(steps.map((_, index) => nextMail(reader, index)));
      expect(inbox.to(reader)).toHaveLength(4);
      const calendars = mails.map((mail) => mail.calendar ?? "");
      expect(calendars.map((calendar) => icalProperty(calendar, "METHOD"))).toEqual(steps);
      // The part's own header names the method too, as mail programs read it.
      for (const [index, mail] of mails.entries()) {
        expect(mail.raw).toMatch(
          new RegExp(`Content-Type: text/calendar; charset=utf-8; method=${steps[index]}`, "i"),
        );
      }
      const sequences = calendars.map((calendar) => Number(icalProperty(calendar, "SEQUENCE")));
      for (let index = 1; index < sequences.length; index += 1) {
        expect(sequences[index]).toBeGreaterThan(sequences[index - 1] as number);
      }
      expect(new Set(calendars.map((calendar) => icalProperty(calendar, "UID")))).toEqual(
        new Set([`${guidId}@visadesk.example.pk`]),
      );
      expect(icalProperty(calendars[3] as string, "STATUS")).toBe("CANCELLED");
      for (const calendar of calendars)
        expect(icalProperty(calendar, "LOCATION")).toBe(OFFICE.replaceAll(",", "\\,"));
      // The moved time: 12:00 in Karachi, 07:00 UTC.
      expect(icalProperty(calendars[2] as string, "DTSTART")).toBe("20261203T070000Z");
      for (const mail of mails.slice(0, 3)) {
        expect(mail.parsed.text).toContain(OFFICE);
        expect(mail.parsed.text).toMatch(/Fee: (PKR|Rs)\s?5,000/);
      }
    }
    const [bookedMail, , , cancelMail] = inbox.to(customer.email);
    expect(bookedMail?.parsed.subject).toMatch(/is booked/);
    expect(bookedMail?.parsed.text).toContain(myAppointments);
    // The cancelled customer is shown where to book again: the consultant's page.
    expect(cancelMail?.parsed.text).toContain(`${PUBLIC_URL}/book/consultants/${consultantId}`);
    expect(cancelMail?.parsed.text).not.toContain("Please book again, or contact us");
    // The consultant's mails link to nothing of the customer's.
    for (const mail of inbox.to(consultantEmail)) expect(mail.parsed.text).not.toContain("/book/");
  });

  it("reach an Urdu reader in Urdu, with the fee and the link, and a staff booking mails both too", async () => {
    const consultantEmail = "consultant.urdu@example.com";
    const consultantId = await consultant(consultantEmail);
    const customer = await quickCustomer(t);
    const user = await t.db.kysely
      .updateTable("users")
      .set({ language: "ur" })
      .where("email", "=", customer.email)
      .returning("guidId")
      .executeTakeFirstOrThrow();
    const booked = await t.app.inject({
      method: "POST",
      url: "/api/v2/userAppointment",
      headers: admin,
      payload: {
        userid: user.guidId,
        consultantId,
        appointmentDate: "2026-12-04",
        appointmentTime: "11:00",
        description: "Visit visa",
      },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const mail = await nextMail(customer.email, 0);
    expect(mail.parsed.subject).toContain("آپ کی اپائنٹمنٹ بُک ہو گئی ہے");
    expect(mail.parsed.text).toContain("فیس:");
    expect(mail.parsed.text).toContain(`${PUBLIC_URL}/book/appointments`);
    expect(icalProperty(mail.calendar ?? "", "METHOD")).toBe("REQUEST");
    const consultantMail = await nextMail(consultantEmail, 0);
    expect(consultantMail.parsed.subject).toMatch(/^New appointment on /);
    expect(icalProperty(consultantMail.calendar ?? "", "UID")).toBe(icalProperty(mail.calendar ?? "", "UID"));
  });
});
