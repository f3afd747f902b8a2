import type { Appointment } from "@visadesk/contract/appointments";
import ical, { ICalCalendarMethod, ICalEventStatus } from "ical-generator";
import type { Mail } from "#api/lib/mailer";

/**
 * The iCalendar invitation (RFC 5546) each mail about an appointment carries, so the reader's calendar adds,
 * moves or removes the event:
 * - one UID per appointment for its whole life, `<guidId>@<host of PUBLIC_URL>`;
 * - SEQUENCE is the appointment's version (migration 009's counter, which every edit of the appointment adds
 *   one to, and a booking starts): each change the mails tell of carries a higher one than the one before;
 * - METHOD REQUEST for a booked, confirmed or moved appointment, CANCEL (STATUS CANCELLED) for a cancelled one.
 */
export interface Invitation {
  appointment: Pick<Appointment, "guidId" | "startsAt" | "endsAt" | "version" | "isCancelled">;
  /** The host of the server's public address: the UID's right-hand side. */
  host: string;
  summary: string;
  /** The text the reader's calendar shows with the event: the mail's own. */
  description: string;
  /** The consultant's office; null when it has none. */
  location: string | null;
  /** The consultant who holds the appointment, when they have an address. */
  organizer: { name: string; email: string } | null;
  /** Who the invitation is for. */
  attendee: string;
}

export function appointmentInvitation(invitation: Invitation): NonNullable<Mail["calendar"]> {
  const { appointment } = invitation;
  const method = appointment.isCancelled ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST;
  const calendar = ical({ prodId: { company: "VisaDesk", product: "appointments", language: "EN" }, method });
  const event = calendar.createEvent({
    id: `${appointment.guidId}@${invitation.host}`,
    sequence: appointment.version,
    start: new Date(appointment.startsAt),
    end: new Date(appointment.endsAt),
    stamp: new Date(),
    summary: invitation.summary,
    description: invitation.description,
    location: invitation.location,
    status: appointment.isCancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    organizer: invitation.organizer,
  });
  event.createAttendee({ email: invitation.attendee, rsvp: false });
  return { method, content: calendar.toString() };
}

/** The host the UIDs are made with: PUBLIC_URL's (or the local origin's). */
export const invitationHost = (origin: string) => new URL(origin).hostname;
