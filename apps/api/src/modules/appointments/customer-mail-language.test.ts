import { describe, expect, it } from "vitest";
import { APPOINTMENTS_URL, insertConsultant, useAppointmentsApp } from "#test/appointments";

/**
 * An appointment's mails to its customer are in the customer's language, its time told in the consultant's
 * zone and in the customer's own, each named; the consultant's stay English.
 */
const suite = useAppointmentsApp();

/** A customer reading Urdu in London, booked (unconfirmed) with a consultant in the business's zone, Karachi. */
async function bookedUrduCustomer(date = "2030-03-12") {
  const { t } = suite;
  const consultant = await insertConsultant(t, { name: "Hina Rauf" });
  const customer = await t.createAccount({ role: "AppUser" });
  await t.db.kysely
    .updateTable("users")
    .set({ language: "ur", timeZone: "Europe/London" })
    .where("id", "=", customer.id)
    .execute();
  const response = await suite.create({
    userid: customer.guidId,
    consultantId: consultant.guidId,
    appointmentDate: date,
    appointmentTime: "10:00",
    description: "Student visa file review",
    supportContact: "+92 300 1112223",
  });
  expect(response.statusCode, response.body).toBe(201);
  // The booking's own mails (appointment-mails.test.ts) are not what these tests read.
  const { mails } = t;
  for (let index = mails.length - 1; index >= 0; index -= 1) {
    if ([customer.email, consultant.contactEmail].includes(mails[index]?.to ?? "")) mails.splice(index, 1);
  }
  return { appointment: response.json(), consultant, customer };
}

const edit = (appointment: Record<string, unknown>, change: Record<string, unknown>) =>
  suite.update({
    id: appointment.id,
    userid: appointment.userid,
    consultantId: appointment.consultantId,
    appointmentDate: appointment.appointmentDate,
    appointmentTime: appointment.appointmentTime,
    description: appointment.description,
    supportContact: appointment.supportContact,
    ...change,
  });

const mailsTo = (address: string) => suite.t.mails.filter((mail) => mail.to === address);

// 10:00 in Karachi (UTC+5) is 05:00 in London (GMT until the clocks change on 31 March).
const KARACHI_TIME = "منگل، 12 مارچ، 2030 کو 10:00 AM، پاکستان کا معیاری وقت (Asia/Karachi)";
const LONDON_TIME = "منگل، 12 مارچ، 2030 کو 5:00 AM";
const literally = (text: string) => text.replaceAll(/[()]/g, "\\$&");
const WHEN = new RegExp(
  `${literally(KARACHI_TIME)}، یعنی آپ کے وقت کے مطابق ${LONDON_TIME}، [^\n]+ \\(Europe/London\\)`,
);

describe("an Urdu customer's appointment mails", () => {
  it("confirm it in Urdu, with the time in the consultant's zone and in the customer's, each named", async () => {
    const { appointment, customer } = await bookedUrduCustomer();
    const confirmed = await edit(appointment, { isConfirmed: true });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const [mail] = mailsTo(customer.email);
    expect(mail?.subject).toBe("آپ کی اپائنٹمنٹ کی تصدیق ہو گئی ہے");
    expect(mail?.text).toMatch(
      /^السلام علیکم،\n\nHina Rauf کے ساتھ آپ کی اپائنٹمنٹ کی تصدیق ہو گئی ہے۔ وقت: /,
    );
    expect(mail?.text).toMatch(WHEN);
    expect(mail?.text.endsWith(`\n\n${suite.t.config.companyName}`)).toBe(true);
  });

  it("remind in Urdu, with what it is about and whom to call", async () => {
    const { appointment, customer } = await bookedUrduCustomer();
    await edit(appointment, { isConfirmed: true });
    const sent = await suite.t.app.inject({
      method: "POST",
      url: `${APPOINTMENTS_URL}/${appointment.id}/send-reminder`,
      headers: suite.headers,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const mail = mailsTo(customer.email).at(-1);
    // The subject's day is the customer's: in London it is still Tuesday at 05:00.
    expect(mail?.subject).toBe("یاد دہانی: منگل، 12 مارچ، 2030 کو آپ کی اپائنٹمنٹ");
    expect(mail?.text).toMatch(WHEN);
    expect(mail?.text).toContain("موضوع: Student visa file review\nمدد کے لیے رابطہ: +92 300 1112223");
  });

  it("tell a cancel in Urdu with the reason, while the consultant is told in English", async () => {
    const { appointment, consultant, customer } = await bookedUrduCustomer();
    const reason = "کنسلٹنٹ اس ہفتے سفر پر ہیں";
    const cancelled = await edit(appointment, { isCancelled: true, cancellationReason: reason });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const [mail] = mailsTo(customer.email);
    expect(mail?.subject).toBe("منگل، 12 مارچ، 2030 کی آپ کی اپائنٹمنٹ منسوخ کر دی گئی ہے");
    expect(mail?.text).toMatch(WHEN);
    expect(mail?.text).toContain(`\n\nوجہ: ${reason}\n\n`);
    // Where to book again: the consultant's page on the customer site.
    expect(mail?.text).toMatch(
      new RegExp(
        `دوبارہ بُک کرنے کے لیے کنسلٹنٹ کے صفحے پر نیا وقت منتخب کریں:\n\\S+/book/consultants/${consultant.guidId}`,
      ),
    );
    const [toConsultant] = mailsTo(consultant.contactEmail);
    expect(toConsultant?.subject).toBe("Appointment on Tuesday, 12 March 2030 cancelled");
    expect(toConsultant?.text).toContain(`Reason: ${reason}`);
  });

  it("tell a move in Urdu, and a cancel by the consultant's removal asks to book another consultant", async () => {
    const { appointment, consultant, customer } = await bookedUrduCustomer("2030-03-13");
    const moved = await edit(appointment, { appointmentTime: "11:00" });
    expect(moved.statusCode, moved.body).toBe(200);
    const [movedMail] = mailsTo(customer.email);
    expect(movedMail?.subject).toBe("آپ کی اپائنٹمنٹ کا وقت بدل گیا ہے");
    expect(movedMail?.text).toContain("بدھ، 13 مارچ، 2030 کو 11:00 AM");
    expect(movedMail?.text).toContain("بدھ، 13 مارچ، 2030 کو 6:00 AM");

    const removed = await suite.t.app.inject({
      method: "DELETE",
      url: `/api/v2/Consultants/${consultant.guidId}?appointments=cancel&reason=${encodeURIComponent("Closed")}`,
      headers: suite.headers,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const cancelled = mailsTo(customer.email).at(-1);
    expect(cancelled?.subject).toBe("بدھ، 13 مارچ، 2030 کی آپ کی اپائنٹمنٹ منسوخ کر دی گئی ہے");
    expect(cancelled?.text).toContain("بدھ، 13 مارچ، 2030 کو 11:00 AM");
    expect(cancelled?.text).toContain("(Europe/London)");
    expect(cancelled?.text).toContain(
      "وجہ: Closed\n\nبراہِ کرم کسی دوسرے کنسلٹنٹ کے ساتھ دوبارہ بُک کریں، یا کوئی سوال ہو تو ہم سے رابطہ کریں۔",
    );
  });
});
