import type { Appointment } from "@visadesk/contract/appointments";
import { linkOrigin } from "#api/config";
import type { AppDeps } from "#api/deps";
import type { Mail } from "#api/lib/mailer";
import { consultantOfficeAndFee } from "../consultants/queries";
import { readerOf } from "./appointment-answer";
import { appointmentInvitation, invitationHost } from "./appointment-invitation";
import { cancelledAppointmentMails, changedAppointmentMail } from "./cancellation-mails";
import type { AppointmentDetails } from "./customer-mails";

/** What the mails tell of an appointment. */
export type AppointmentChange = "booked" | "confirmed" | "moved" | "cancelled";

type MailDeps = Pick<AppDeps, "db" | "config" | "mailer">;

/** The consultant's office and fee, and the customer site's pages the customer's mails link to. */
async function detailsOf({ db, config }: MailDeps, appointment: Appointment): Promise<AppointmentDetails> {
  const consultant = await consultantOfficeAndFee(db.kysely, appointment.consultantId);
  const site = `${linkOrigin(config)}${config.customerSiteBase}`;
  return {
    address: consultant?.address?.trim() || null,
    fee: consultant?.fee != null ? { amount: consultant.fee, currency: config.currency } : null,
    myAppointments: `${site}/appointments`,
    consultantPage: `${site}/consultants/${encodeURIComponent(appointment.consultantId)}`,
  };
}

/**
 * The mails of a committed change of an appointment, to its customer and its consultant, each with the
 * appointment's calendar invitation (appointment-invitation.ts) made out to its reader.
 */
export async function appointmentMails(
  deps: MailDeps,
  appointment: Appointment,
  change: AppointmentChange,
  cancel: { reason: string | null; byCustomer: boolean } = { reason: null, byCustomer: false },
): Promise<Mail[]> {
  const { config } = deps;
  const [reader, details] = await Promise.all([readerOf(deps, appointment), detailsOf(deps, appointment)]);
  const mails =
    change === "cancelled"
      ? cancelledAppointmentMails(
          appointment,
          cancel.reason,
          reader,
          config.companyName,
          cancel.byCustomer,
          details,
        )
      : changedAppointmentMail(appointment, change, reader, config.companyName, details);
  const host = invitationHost(linkOrigin(config));
  const organizer =
    appointment.consultantEmail && !appointment.consultantDeleted
      ? { name: appointment.consultantName ?? config.companyName, email: appointment.consultantEmail }
      : null;
  return mails.map((mail) => {
    const forConsultant = mail.to === organizer?.email && mail.to !== appointment.userEmail;
    const summary = forConsultant
      ? `Appointment with ${appointment.userEmail ?? "a customer"}`
      : `${appointment.consultantName ?? config.companyName} (${config.companyName})`;
    const calendar = appointmentInvitation({
      appointment,
      host,
      summary,
      description: mail.text,
      location: details.address,
      organizer,
      attendee: mail.to,
    });
    return { ...mail, calendar };
  });
}

/** Sends them after the commit: a refused mail fails no change (each mail on its own). */
export async function sendAppointmentMails(
  deps: MailDeps,
  appointment: Appointment,
  change: AppointmentChange,
  cancel?: { reason: string | null; byCustomer: boolean },
) {
  const mails = await appointmentMails(deps, appointment, change, cancel);
  await Promise.allSettled(mails.map((mail) => deps.mailer.send(mail)));
}
