import type { Appointment } from "@visadesk/contract/appointments";
import { longDate } from "#api/lib/clock";
import type { Mail } from "#api/lib/mailer";

/**
 * The mails of a cancelled appointment, sent once the cancel is committed: its customer and its consultant
 * are told, with the reason when the cancel gave one (as a consultant's delete tells its customers). A
 * removed party, or one without an address, is not mailed. The time is the consultant's wall clock, named
 * with its zone.
 */
export function cancelledAppointmentMails(
  appointment: Appointment,
  reason: string | null,
  companyName: string,
): Mail[] {
  const day = longDate(appointment.appointmentDate);
  const when = `${day} at ${appointment.appointmentTime.slice(0, 5)} (${appointment.timeZone} time)`;
  const why = reason ? ["", `Reason: ${reason}`] : [];
  const mails: Mail[] = [];
  if (appointment.userEmail && !appointment.customerDeleted) {
    mails.push({
      to: appointment.userEmail,
      subject: `Your appointment on ${day} is cancelled`,
      text: [
        "Hello,",
        "",
        `Your appointment with ${appointment.consultantName ?? "your consultant"} on ${when} is cancelled.`,
        ...why,
        "",
        "Please book again, or contact us if you have questions.",
        "",
        companyName,
      ].join("\n"),
    });
  }
  if (appointment.consultantEmail && !appointment.consultantDeleted) {
    mails.push({
      to: appointment.consultantEmail,
      subject: `Appointment on ${day} cancelled`,
      text: [
        "Hello,",
        "",
        `The appointment of ${appointment.userEmail ?? "a customer"} with you on ${when} is cancelled.`,
        ...why,
        "",
        companyName,
      ].join("\n"),
    });
  }
  return mails;
}

/**
 * The customer's mail when staff confirm their appointment or it moves (by staff, or by the customer in the
 * customer app): the time in the consultant's zone and, when theirs differs, in their own. Not for a
 * removed customer or one without an address.
 */
export function changedAppointmentMail(
  appointment: Appointment,
  change: "confirmed" | "moved",
  when: string,
  companyName: string,
): Mail[] {
  if (!appointment.userEmail || appointment.customerDeleted) return [];
  const consultant = appointment.consultantName ?? "your consultant";
  return [
    change === "confirmed"
      ? {
          to: appointment.userEmail,
          subject: `Your appointment is confirmed`,
          text: `Hello,\n\nYour appointment with ${consultant} on ${when} is confirmed.\n\n${companyName}`,
        }
      : {
          to: appointment.userEmail,
          subject: `Your appointment has moved`,
          text: `Hello,\n\nYour appointment with ${consultant} is now on ${when}.\n\n${companyName}`,
        },
  ];
}
