import type { AppointmentReminder } from "@visadesk/contract/appointments";
import type { Executor } from "#api/db/schema";

const HOUR_MS = 60 * 60 * 1000;
const sameInstant = (a: string, b: string) => Date.parse(a) === Date.parse(b);

/**
 * Brings an appointment's reminders in line with it, in the transaction of its booking or edit. Confirmed
 * and not cancelled: one per lead in `hoursBefore`, due that long before the start; a move moves the ones
 * not sent yet. A reminder whose time has already passed when the appointment is booked or moved is not
 * made at all (never sent late: a 24-hour reminder of a booking for tomorrow morning would only repeat what
 * was just agreed). Cancelled or unconfirmed: the ones not sent are dropped; sent ones stay as a record.
 */
export async function syncReminders(
  db: Executor,
  appointment: { id: number; startsAt: string; isConfirmed: boolean; isCancelled: boolean },
  hoursBefore: readonly number[],
  now: Date,
): Promise<void> {
  if (!appointment.isConfirmed || appointment.isCancelled) {
    await db
      .deleteFrom("appointmentReminders")
      .where("appointmentId", "=", appointment.id)
      .where("state", "!=", "sent")
      .execute();
    return;
  }
  const existing = await db
    .selectFrom("appointmentReminders")
    .select(["id", "hoursBefore", "dueAt", "state"])
    .where("appointmentId", "=", appointment.id)
    .execute();
  const start = Date.parse(appointment.startsAt);
  for (const hours of hoursBefore) {
    const dueAt = new Date(start - hours * HOUR_MS).toISOString();
    const upcoming = Date.parse(dueAt) > now.getTime();
    const row = existing.find((reminder) => reminder.hoursBefore === hours);
    if (row && sameInstant(row.dueAt, dueAt)) continue;
    if (row && !upcoming) {
      // Moved so close to its start that this reminder's time has passed: it goes (a sent one stays).
      if (row.state !== "sent")
        await db.deleteFrom("appointmentReminders").where("id", "=", row.id).execute();
      continue;
    }
    if (row) {
      // Moved: the reminder is about the new time, so it is due again even if the old one was sent.
      await db
        .updateTable("appointmentReminders")
        .set({
          dueAt,
          nextAttemptAt: dueAt,
          state: "scheduled",
          attempts: 0,
          leaseUntil: null,
          sentAt: null,
          failureReason: null,
        })
        .where("id", "=", row.id)
        .execute();
    } else if (upcoming) {
      await db
        .insertInto("appointmentReminders")
        .values({
          appointmentId: appointment.id,
          hoursBefore: hours,
          dueAt,
          nextAttemptAt: dueAt,
          createdAt: now.toISOString(),
        })
        .execute();
    }
  }
}

/** The reminders of the given appointments, soonest due first, for their answers. */
export async function remindersOf(
  db: Executor,
  appointmentIds: readonly number[],
): Promise<Map<number, AppointmentReminder[]>> {
  const byAppointment = new Map<number, AppointmentReminder[]>();
  if (appointmentIds.length === 0) return byAppointment;
  const rows = await db
    .selectFrom("appointmentReminders")
    .select(["appointmentId", "hoursBefore", "dueAt", "state", "sentAt", "failureReason"])
    .where("appointmentId", "in", [...new Set(appointmentIds)])
    .orderBy("dueAt")
    .execute();
  for (const { appointmentId, failureReason, ...reminder } of rows) {
    const list = byAppointment.get(appointmentId) ?? [];
    list.push({
      ...reminder,
      dueAt: new Date(reminder.dueAt).toISOString(),
      sentAt: reminder.sentAt === null ? null : new Date(reminder.sentAt).toISOString(),
      // A try that failed but will be tried again is still "scheduled": its error is not the answer's business.
      failureReason: reminder.state === "failed" ? failureReason : null,
    });
    byAppointment.set(appointmentId, list);
  }
  return byAppointment;
}
