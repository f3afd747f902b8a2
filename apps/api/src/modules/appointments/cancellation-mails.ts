import type { Appointment } from "@visadesk/contract/appointments";
import { longDate } from "#api/lib/clock";
import type { MailReader } from "#api/lib/customer-mail-i18n";
import type { Mail } from "#api/lib/mailer";
import { quotedCustomerWords } from "#api/lib/quoted-words";
import {
  type AppointmentDetails,
  cancelledMail,
  changedMail,
  type MailedAppointment,
  mailedAppointment,
  mailFee,
} from "./customer-mails";

/** The appointment as its customer's mails name it; null for a removed customer or one without an address. */
const mailedToCustomer = (
  appointment: Appointment,
  details?: AppointmentDetails,
): MailedAppointment | null =>
  appointment.userEmail && !appointment.customerDeleted
    ? { ...mailedAppointment(appointment, appointment.userEmail), details }
    : null;

/** The consultant's address, unless they were removed or have none. */
const consultantAddress = (appointment: Appointment) =>
  appointment.consultantEmail && !appointment.consultantDeleted ? appointment.consultantEmail : null;

/** The consultant's wall clock, named with its zone. */
const consultantWhen = (appointment: Appointment) =>
  `${longDate(appointment.appointmentDate)} at ${appointment.appointmentTime.slice(0, 5)} (${appointment.timeZone} time)`;

/** The office and the fee, for the consultant (nothing of the customer's site). */
const consultantFacts = (details: AppointmentDetails | undefined) =>
  details
    ? [
        ...(details.address ? [`Place: ${details.address}`] : []),
        ...(details.fee ? [`Fee: ${mailFee("en", details.fee)}`] : []),
      ]
    : [];

/**
 * The mails of a cancelled appointment, sent once the cancel is committed: its customer (in their language
 * and zone) and its consultant (English, the consultant's wall clock named with its zone) are told, with the
 * reason when the cancel gave one (as a consultant's delete tells its customers). A removed party, or one
 * without an address, is not mailed. A reason the customer wrote reaches the consultant quoted as theirs,
 * its addresses no links (quotedCustomerWords), in the body only: a subject never carries it.
 */
export function cancelledAppointmentMails(
  appointment: Appointment,
  reason: string | null,
  reader: MailReader,
  companyName: string,
  reasonByCustomer = false,
  details?: AppointmentDetails,
): Mail[] {
  const mails: Mail[] = [];
  const customer = mailedToCustomer(appointment, details);
  if (customer) mails.push(cancelledMail(customer, reader, { reason, next: "bookAgain" }, companyName));
  const consultant = consultantAddress(appointment);
  if (consultant) {
    const day = longDate(appointment.appointmentDate);
    const when = consultantWhen(appointment);
    mails.push({
      to: consultant,
      subject: `Appointment on ${day} cancelled`,
      text: [
        "Hello,",
        "",
        `The appointment of ${appointment.userEmail ?? "a customer"} with you on ${when} is cancelled.`,
        ...(reason
          ? [
              "",
              ...(reasonByCustomer
                ? quotedCustomerWords("Reason given by the customer", reason)
                : [`Reason: ${reason}`]),
            ]
          : []),
        "",
        companyName,
      ].join("\n"),
    });
  }
  return mails;
}

const CONSULTANT_CHANGES = {
  booked: {
    subject: (day: string) => `New appointment on ${day}`,
    says: (when: string) => `is booked on ${when}`,
  },
  confirmed: {
    subject: (day: string) => `Appointment on ${day} confirmed`,
    says: (when: string) => `on ${when} is confirmed`,
  },
  moved: {
    subject: (day: string) => `Appointment moved to ${day}`,
    says: (when: string) => `is now on ${when}`,
  },
};

/**
 * The mails when an appointment is booked (by its customer or by staff), staff confirm it, or it moves: its
 * customer, in their language and zone, with the office, the fee and a link to My appointments; and its
 * consultant, in English on their wall clock, with the office and the fee (no link of the customer's). A
 * removed party, or one without an address, is not mailed.
 */
export function changedAppointmentMail(
  appointment: Appointment,
  change: "booked" | "confirmed" | "moved",
  reader: MailReader,
  companyName: string,
  details?: AppointmentDetails,
): Mail[] {
  const mails: Mail[] = [];
  const customer = mailedToCustomer(appointment, details);
  if (customer) mails.push(changedMail(customer, change, reader, companyName));
  const consultant = consultantAddress(appointment);
  if (consultant) {
    const facts = consultantFacts(details);
    const who = appointment.userEmail ?? "a customer";
    mails.push({
      to: consultant,
      subject: CONSULTANT_CHANGES[change].subject(longDate(appointment.appointmentDate)),
      text: [
        "Hello,",
        "",
        `The appointment of ${who} with you ${CONSULTANT_CHANGES[change].says(consultantWhen(appointment))}.`,
        ...(facts.length > 0 ? ["", ...facts] : []),
        "",
        companyName,
      ].join("\n"),
    });
  }
  return mails;
}
