import type { Appointment } from "@visadesk/contract/appointments";
import { longDate } from "#api/lib/clock";
import type { MailReader } from "#api/lib/customer-mail-i18n";
import type { Mail } from "#api/lib/mailer";
import { quotedCustomerWords } from "#api/lib/quoted-words";
import { cancelledMail, changedMail, type MailedAppointment, mailedAppointment } from "./customer-mails";

/** The appointment as its customer's mails name it; null for a removed customer or one without an address. */
const mailedToCustomer = (appointment: Appointment): MailedAppointment | null =>
  appointment.userEmail && !appointment.customerDeleted
    ? mailedAppointment(appointment, appointment.userEmail)
    : null;

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
): Mail[] {
  const mails: Mail[] = [];
  const customer = mailedToCustomer(appointment);
  if (customer) mails.push(cancelledMail(customer, reader, { reason, next: "bookAgain" }, companyName));
  if (appointment.consultantEmail && !appointment.consultantDeleted) {
    const day = longDate(appointment.appointmentDate);
    const when = `${day} at ${appointment.appointmentTime.slice(0, 5)} (${appointment.timeZone} time)`;
    mails.push({
      to: appointment.consultantEmail,
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

/**
 * The customer's mail when staff confirm their appointment or it moves (by staff, or by the customer on the
 * customer site), in their language. Not for a removed customer or one without an address.
 */
export function changedAppointmentMail(
  appointment: Appointment,
  change: "confirmed" | "moved",
  reader: MailReader,
  companyName: string,
): Mail[] {
  const customer = mailedToCustomer(appointment);
  return customer ? [changedMail(customer, change, reader, companyName)] : [];
}
