import type { Appointment } from "@visadesk/contract/appointments";
import {
  customerMail,
  MAIL_LOCALES,
  type MailReader,
  mailDay,
  mailTime,
  t,
} from "#api/lib/customer-mail-i18n";
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
  /** The office, the fee and the customer site's links, when the mail tells them (appointment-mails.ts). */
  details?: AppointmentDetails;
}

/** What a mail about a booking tells besides its time. */
export interface AppointmentDetails {
  /** The consultant's office address; null when none is kept. */
  address: string | null;
  fee: { amount: number; currency: string } | null;
  /** The customer site's My appointments page. */
  myAppointments: string;
  /** The consultant's page on the customer site, where a new time is chosen. */
  consultantPage: string;
}

/** The fee in the reader's language, Latin digits: "Rs 5,000". */
export const mailFee = (language: MailReader["language"], fee: { amount: number; currency: string }) =>
  new Intl.NumberFormat(MAIL_LOCALES[language], {
    style: "currency",
    currency: fee.currency,
    numberingSystem: "latn",
    maximumFractionDigits: 2,
  }).format(fee.amount);

/** The place, the fee and where to see, move or cancel it: a paragraph, or none without details. */
function detailsParagraphs(appointment: MailedAppointment, reader: MailReader, withLink: boolean): string[] {
  const details = appointment.details;
  if (!details) return [];
  const { language } = reader;
  const facts = [
    ...(details.address ? [t(language, "appointment.place", { address: details.address })] : []),
    ...(details.fee ? [t(language, "appointment.fee", { fee: mailFee(language, details.fee) })] : []),
  ];
  return [
    ...(facts.length > 0 ? [facts.join("\n")] : []),
    ...(withLink ? [t(language, "appointment.myAppointments", { link: details.myAppointments })] : []),
  ];
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

/**
 * The appointment is booked (by the customer, or by staff for them), staff confirmed it, or it moved (by
 * staff, or by the customer on the customer site).
 */
export function changedMail(
  appointment: MailedAppointment,
  change: "booked" | "confirmed" | "moved",
  reader: MailReader,
  company: string,
): Mail {
  const { language } = reader;
  const body = t(language, `appointment.${change}.body`, {
    consultant: consultantOf(appointment, reader),
    when: appointmentWhen(appointment, reader),
  });
  const subject =
    change === "booked"
      ? t(language, "appointment.booked.subject", { day: dayOf(appointment, reader) })
      : t(language, `appointment.${change}.subject`);
  return customerMail(appointment.to, language, subject, [
    body,
    ...detailsParagraphs(appointment, reader, true),
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
    [
      body,
      ...reason,
      ...detailsParagraphs(appointment, reader, false),
      nextStep(appointment, reader, cancel.next),
      company,
    ],
  );
}

/** What to do next: "bookAgain" links to the consultant's page (without it, asks to contact us). */
function nextStep(appointment: MailedAppointment, reader: MailReader, next: CancelledNext) {
  const { language } = reader;
  if (next !== "bookAgain") return t(language, `appointment.cancelled.${next}`);
  const page = appointment.details?.consultantPage;
  return page
    ? t(language, "appointment.cancelled.bookAgain", { link: page })
    : t(language, "appointment.cancelled.contactUs");
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
