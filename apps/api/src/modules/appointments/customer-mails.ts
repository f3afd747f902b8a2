import type { Appointment } from "@visadesk/contract/appointments";
import { customerMail, type MailReader, mailDay, mailTime, t } from "#api/lib/customer-mail-i18n";
import type { Mail } from "#api/lib/mailer";

/**
 * The customer's mails about their appointment, in the customer's language (lib/customer-mail-i18n.ts). The
 * consultants' mails stay English, beside the code that sends them.
 */

/** What each of them names of the appointment. */
export interface MailedAppointment {
  /** The customer's address. */
  to: string;
  consultantName: string | null;
  startsAt: string;
  /** The consultant's zone: the appointment's own wall clock. */
  consultantTimeZone: string;
}

/** An appointment answer as its customer's mails name it. */
export const mailedAppointment = (
  appointment: Pick<Appointment, "consultantName" | "startsAt" | "timeZone">,
  to: string,
): MailedAppointment => ({
  to,
  consultantName: appointment.consultantName,
  startsAt: appointment.startsAt,
  consultantTimeZone: appointment.timeZone,
});

/** The zone the customer's days and times are told in: their own, else the appointment's. */
const readerZone = (appointment: MailedAppointment, reader: MailReader) =>
  reader.timeZone ?? appointment.consultantTimeZone;

/**
 * The appointment's time for its customer: in the consultant's zone and, when the customer's own differs,
 * in theirs too. Each zone is named.
 */
export function appointmentWhen(appointment: MailedAppointment, reader: MailReader): string {
  const { language } = reader;
  const zone = readerZone(appointment, reader);
  const customerTime = mailTime(language, appointment.startsAt, zone);
  if (zone === appointment.consultantTimeZone) return customerTime;
  return t(language, "appointment.inBothZones", {
    consultantTime: mailTime(language, appointment.startsAt, appointment.consultantTimeZone),
    customerTime,
  });
}

/** The day of the appointment in the customer's zone, for a subject. */
const dayOf = (appointment: MailedAppointment, reader: MailReader) =>
  mailDay(reader.language, appointment.startsAt, readerZone(appointment, reader));

const consultantOf = (appointment: MailedAppointment, reader: MailReader) =>
  appointment.consultantName ?? t(reader.language, "appointment.yourConsultant");

/** Staff confirmed the appointment, or it moved (by staff, or by the customer on the customer site). */
export function changedMail(
  appointment: MailedAppointment,
  change: "confirmed" | "moved",
  reader: MailReader,
  company: string,
): Mail {
  const { language } = reader;
  const body = t(language, `appointment.${change}.body`, {
    consultant: consultantOf(appointment, reader),
    when: appointmentWhen(appointment, reader),
  });
  return customerMail(appointment.to, language, t(language, `appointment.${change}.subject`), [
    body,
    company,
  ]);
}

/** What a cancellation mail asks the customer to do next. */
export type CancelledNext = "bookAgain" | "bookAnotherConsultant" | "contactUs";

/** The appointment is cancelled, with the reason when the cancel gave one. */
export function cancelledMail(
  appointment: MailedAppointment,
  reader: MailReader,
  cancel: { reason: string | null; next: CancelledNext },
  company: string,
): Mail {
  const { language } = reader;
  const body = t(language, "appointment.cancelled.body", {
    consultant: consultantOf(appointment, reader),
    when: appointmentWhen(appointment, reader),
  });
  const reason = cancel.reason ? [t(language, "appointment.reason", { reason: cancel.reason })] : [];
  return customerMail(
    appointment.to,
    language,
    t(language, "appointment.cancelled.subject", { day: dayOf(appointment, reader) }),
    [body, ...reason, t(language, `appointment.cancelled.${cancel.next}`), company],
  );
}

/** The reminder, the same for the automatic ones and staff's "Send Reminder". */
export function reminderMail(
  appointment: Appointment & { userEmail: string },
  reader: MailReader,
  company: string,
): Mail {
  const { language } = reader;
  const mailed = mailedAppointment(appointment, appointment.userEmail);
  const body = t(language, "appointment.reminder.body", {
    consultant: consultantOf(mailed, reader),
    when: appointmentWhen(mailed, reader),
  });
  const about = [
    t(language, "appointment.reminder.about", { description: appointment.description }),
    ...(appointment.supportContact
      ? [t(language, "appointment.reminder.supportContact", { contact: appointment.supportContact })]
      : []),
  ].join("\n");
  return customerMail(
    mailed.to,
    language,
    t(language, "appointment.reminder.subject", { day: dayOf(mailed, reader) }),
    [body, about, company],
  );
}
