import {
  appointmentMessages,
  CANCELLATION_REASON_MAX_LENGTH,
} from "@visadesk/contract/appointments-constants";
import { describe, expect, it } from "vitest";
import { APPOINTMENTS_URL, insertConsultant, useAppointmentsApp } from "#test/appointments";

/**
 * Cancelling an appointment tells its customer and its consultant, as a consultant's delete tells its
 * customers: the cancel gives a reason (optional on the spec's PUT, which its own client sends without
 * one), the appointment keeps it, and each party is mailed once the cancel is committed.
 */
const suite = useAppointmentsApp();

async function booked() {
  const { t } = suite;
  const consultant = await insertConsultant(t, { name: "Hina Rauf" });
  const customer = await t.createAccount({ role: "AppUser" });
  const response = await suite.create({
    userid: customer.guidId,
    consultantId: consultant.guidId,
    appointmentDate: "2030-03-12",
    appointmentTime: "10:00",
    description: "Student visa file review",
    isConfirmed: true,
  });
  expect(response.statusCode, response.body).toBe(201);
  forgetMailsTo(customer.email, consultant.contactEmail);
  return { appointment: response.json(), consultant, customer };
}

/** Drops the booking's own mails (appointment-mails.test.ts): these tests read what the cancel sends. */
function forgetMailsTo(...addresses: string[]) {
  const { mails } = suite.t;
  for (let index = mails.length - 1; index >= 0; index -= 1) {
    if (addresses.includes(mails[index]?.to ?? "")) mails.splice(index, 1);
  }
}

const edit = (appointment: Record<string, unknown>, change: Record<string, unknown>) =>
  suite.update({
    id: appointment.id,
    userid: appointment.userid,
    consultantId: appointment.consultantId,
    appointmentDate: appointment.appointmentDate,
    appointmentTime: appointment.appointmentTime,
    description: appointment.description,
    ...change,
  });

const mailsTo = (address: string) => suite.t.mails.filter((mail) => mail.to === address);

describe("cancelling an appointment", () => {
  it("keeps the reason and mails the customer and the consultant once, with it", async () => {
    const { appointment, consultant, customer } = await booked();
    const reason = "The consultant is travelling that week";
    const cancelled = await edit(appointment, { isCancelled: true, cancellationReason: `  ${reason} ` });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: "Cancelled", cancellationReason: reason });

    const [toCustomer] = mailsTo(customer.email);
    expect(mailsTo(customer.email)).toHaveLength(1);
    expect(toCustomer?.subject).toBe("Your appointment on Tuesday, 12 March 2030 is cancelled");
    expect(toCustomer?.text).toContain(
      "Your appointment with Hina Rauf on Tuesday, 12 March 2030 at 10:00 am, Pakistan Standard Time (Asia/Karachi) is cancelled.",
    );
    expect(toCustomer?.text).toContain(`Reason: ${reason}`);
    const [toConsultant] = mailsTo(consultant.contactEmail);
    expect(mailsTo(consultant.contactEmail)).toHaveLength(1);
    expect(toConsultant?.subject).toBe("Appointment on Tuesday, 12 March 2030 cancelled");
    expect(toConsultant?.text).toContain(`The appointment of ${customer.email} with you on`);
    expect(toConsultant?.text).toContain(`Reason: ${reason}`);

    // Saving the cancelled appointment again tells nobody again, and keeps the reason.
    const again = await edit(cancelled.json(), { isCancelled: true, isPaid: true });
    expect(again.json()).toMatchObject({ cancellationReason: reason, isPaid: true });
    expect(mailsTo(customer.email)).toHaveLength(1);
    // Its history records the reason with the cancel.
    const history = await suite.t.db.kysely
      .selectFrom("auditLog")
      .select(["action", "changes"])
      .where("entityId", "=", appointment.guidId)
      .where("action", "=", "cancel")
      .execute();
    expect(JSON.stringify(history)).toContain(reason);
  });

  it("still cancels with the spec's body (no reason): both parties are told, without a reason line", async () => {
    const { appointment, consultant, customer } = await booked();
    const cancelled = await edit(appointment, { isCancelled: true });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: "Cancelled", cancellationReason: null });
    expect(mailsTo(customer.email)).toHaveLength(1);
    expect(mailsTo(consultant.contactEmail)).toHaveLength(1);
    expect(mailsTo(customer.email)[0]?.text).not.toContain("Reason:");
  });

  it("refuses a reason past the limit with the field's message, and cancels nothing", async () => {
    const { appointment, customer } = await booked();
    const refused = await edit(appointment, {
      isCancelled: true,
      cancellationReason: "x".repeat(CANCELLATION_REASON_MAX_LENGTH + 1),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fieldErrors).toEqual({
      cancellationReason: appointmentMessages.cancelReasonTooLong,
    });
    const stored = await suite.t.app.inject({
      method: "GET",
      url: `${APPOINTMENTS_URL}/${appointment.guidId}`,
      headers: suite.headers,
    });
    expect(stored.json().status).toBe("Confirmed");
    expect(mailsTo(customer.email)).toEqual([]);
  });

  it("a bulk cancel gives its reason to each appointment and mails each party", async () => {
    const first = await booked();
    const second = await booked();
    const response = await suite.t.app.inject({
      method: "POST",
      url: `${APPOINTMENTS_URL}/bulk`,
      headers: suite.headers,
      payload: {
        action: "cancel",
        ids: [first.appointment.guidId, second.appointment.guidId],
        reason: "Office closed for a public holiday",
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    for (const { appointment, customer, consultant } of [first, second]) {
      const stored = await suite.t.app.inject({
        method: "GET",
        url: `${APPOINTMENTS_URL}/${appointment.guidId}`,
        headers: suite.headers,
      });
      expect(stored.json()).toMatchObject({
        status: "Cancelled",
        cancellationReason: "Office closed for a public holiday",
      });
      expect(mailsTo(customer.email)).toHaveLength(1);
      expect(mailsTo(consultant.contactEmail)).toHaveLength(1);
    }
  });
});
