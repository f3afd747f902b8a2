import type { Generated, Insertable, Selectable } from "kysely";
import type { Timestamp } from "#api/db/column-types";

/** The tables the appointments module owns (db/table-owners.ts): only it queries them. */
export interface AppointmentsTables {
  appointments: AppointmentsTable;
  appointmentReminders: AppointmentRemindersTable;
}

export interface AppointmentsTable {
  id: Generated<number>;
  guidId: string;
  userId: number;
  userEmail: string | null;
  consultantId: number;
  consultantName: string | null;
  consultantEmail: string | null;
  /** The date YYYY-MM-DD in the consultant's time zone (consultants.timeZone), as the consultant keeps it. */
  appointmentDate: string;
  /** The time HH:MM:SS in the consultant's time zone. */
  appointmentTime: string;
  description: string;
  supportContact: string | null;
  isConfirmed: boolean;
  isCancelled: boolean;
  isPaid: boolean;
  confirmedAt: Timestamp | null;
  confirmedBy: string | null;
  cancelledAt: Timestamp | null;
  cancelledBy: string | null;
  /** Why it was cancelled, when the cancel gave a reason (migration 011). */
  cancellationReason: string | null;
  reminderSentAt: Timestamp | null;
  /** The instant the appointment starts (its date and time in its consultant's zone), UTC (migration 010). */
  startsAt: Timestamp;
  /** startsAt plus the slot length at booking: the appointment occupies [startsAt, endsAt). */
  endsAt: Timestamp;
  /** Recorded by staff after the start: Attended, NoShow or LateCancellation; null until then. */
  attendance: Generated<string | null>;
  /** Staff booked it knowingly outside the consultant's hours or on their time off, and who did. */
  isOutsideHours: Generated<boolean>;
  outsideHoursBy: Generated<string | null>;
  /** The customer booked it themselves through the customer API (migration 025). */
  isBookedByCustomer: Generated<boolean>;
  /** Optimistic-concurrency counter of the editable fields (migration 009): updates check and add one. */
  version: Generated<number>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  createdBy: string | null;
  updatedBy: string | null;
}

/** One automatic reminder of an appointment, mailed `hoursBefore` hours ahead of its start (migration 012). */
export interface AppointmentRemindersTable {
  id: Generated<number>;
  appointmentId: number;
  hoursBefore: number;
  dueAt: Timestamp;
  state: Generated<"scheduled" | "sent" | "failed">;
  /** Tries so far (a claim counts as one). */
  attempts: Generated<number>;
  /** Not tried before this instant: dueAt at first, later the backoff after a failed try. */
  nextAttemptAt: Timestamp;
  /** A worker holds the row until then (it is sending); past it, another may take it over. */
  leaseUntil: Generated<Timestamp | null>;
  sentAt: Generated<Timestamp | null>;
  /** The last try's error; shown once the reminder is failed. */
  failureReason: Generated<string | null>;
  createdAt: Timestamp;
}

export type AppointmentRow = Selectable<AppointmentsTable>;
export type NewAppointmentRow = Insertable<AppointmentsTable>;
