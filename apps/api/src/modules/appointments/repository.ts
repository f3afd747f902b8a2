import { sql, type Updateable } from "kysely";
import type { AppointmentsTable, Executor, NewAppointmentRow } from "#api/db/schema";
import { columnKey, type SortKeys } from "#api/db/sorting";
import { byReference } from "#api/lib/ids";

/**
 * One appointment's rows: who and with whom it is booked, the row itself and its writes, the calendar's
 * range (the customer and consultant it names are found by their modules). The list's queries are in
 * list-repository.ts, the header search's in search-repository.ts.
 */

/**
 * Appointments joined to their customer (users) and consultant rows, to select from: the module's one
 * writing of that join, which its answers, mails and the bell's and dashboard's lists all read through.
 */
export function appointmentsWithPeople(db: Executor) {
  return db
    .selectFrom("appointments")
    .innerJoin("users", "users.id", "appointments.userId")
    .innerJoin("consultants", "consultants.id", "appointments.consultantId");
}

/** Appointments with the guidIds of their user and consultant (the API answers guidIds, not row ids). */
export function selectAppointments(db: Executor) {
  return appointmentsWithPeople(db).select([
    "appointments.id",
    "appointments.guidId",
    "users.guidId as userGuidId",
    "users.email as userEmail",
    "users.firstName as customerFirstName",
    "users.lastName as customerLastName",
    "users.timeZone as userTimeZone",
    "consultants.guidId as consultantGuidId",
    "consultants.name as consultantName",
    "consultants.contactEmail as consultantEmail",
    "consultants.timeZone as consultantTimeZone",
    "appointments.appointmentDate",
    "appointments.appointmentTime",
    "appointments.description",
    "appointments.supportContact",
    "appointments.isConfirmed",
    "appointments.isCancelled",
    "appointments.isPaid",
    "appointments.confirmedAt",
    "appointments.confirmedBy",
    "appointments.cancelledAt",
    "appointments.cancelledBy",
    "appointments.cancellationReason",
    "consultants.deletedAt as consultantDeletedAt",
    "users.deletedAt as customerDeletedAt",
    "appointments.reminderSentAt",
    "appointments.startsAt",
    "appointments.endsAt",
    "appointments.attendance",
    "appointments.isOutsideHours",
    "appointments.outsideHoursBy",
    "appointments.isBookedByCustomer",
    "appointments.createdAt",
    "appointments.updatedAt",
    "appointments.version",
  ]);
}
export type AppointmentRecord = Awaited<ReturnType<ReturnType<typeof selectAppointments>["execute"]>>[number];

export function findAppointment(db: Executor, reference: string | number) {
  const { column, value } = byReference(reference);
  return selectAppointments(db).where(`appointments.${column}`, "=", value).executeTakeFirst();
}

/**
 * Marks a reminder sent now unless one was sent after `since`: the condition is the UPDATE's own, so of
 * simultaneous asks only one gets the appointment. False when a recent reminder stopped it.
 */
export async function claimReminder(db: Executor, id: number, at: string, since: string): Promise<boolean> {
  const result = await db
    .updateTable("appointments")
    .set({ reminderSentAt: at })
    .where("id", "=", id)
    .where((eb) => eb.or([eb("reminderSentAt", "is", null), eb("reminderSentAt", "<=", since)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Gives back a claim whose mail could not be sent, unless another reminder has been recorded since. */
export function releaseReminder(db: Executor, id: number, claimedAt: string, before: string | null) {
  return db
    .updateTable("appointments")
    .set({ reminderSentAt: before })
    .where("id", "=", id)
    .where("reminderSentAt", "=", claimedAt)
    .execute();
}

/** The stored row, for the rules of an update (flags before the change). */
export function findAppointmentRow(db: Executor, id: number) {
  return db.selectFrom("appointments").selectAll().where("id", "=", id).executeTakeFirst();
}

/**
 * The calendar's appointments: those of a few consultants dated from `from` to `to` (both inclusive),
 * earliest first. Each consultant's dates are one range of appointments_by_consultant.
 */
export function calendarAppointments(db: Executor, consultantIds: number[], from: string, to: string) {
  return selectAppointments(db)
    .where("appointments.consultantId", "in", consultantIds)
    .where("appointments.appointmentDate", ">=", from)
    .where("appointments.appointmentDate", "<=", to)
    .orderBy("appointments.appointmentDate")
    .orderBy("appointments.appointmentTime")
    .orderBy("appointments.id")
    .execute();
}

/** The key each order reads the list by; each is held by an index (appointments_by_*, migration 013). */
export const byDate: SortKeys = [
  columnKey("appointments.appointmentDate"),
  columnKey("appointments.appointmentTime"),
  columnKey("appointments.id"),
];
/** Appointments newest date first: the order the header search and the list totals read. */
export const newestFirst = (db: Executor) =>
  db
    .selectFrom("appointments")
    .orderBy("appointments.appointmentDate", "desc")
    .orderBy("appointments.appointmentTime", "desc")
    .orderBy("appointments.id", "desc");

export async function insertAppointment(db: Executor, appointment: NewAppointmentRow): Promise<number> {
  const row = await db
    .insertInto("appointments")
    .values(appointment)
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

type AppointmentChanges = Omit<
  Updateable<AppointmentsTable>,
  "id" | "guidId" | "createdAt" | "createdBy" | "version"
>;

/** Bookkeeping that is not one of the appointment's editable fields (reminderSentAt): the version stays. */
export function updateAppointment(db: Executor, id: number, changes: AppointmentChanges) {
  return db.updateTable("appointments").set(changes).where("id", "=", id).executeTakeFirst();
}

/**
 * An edit of the appointment's fields: moves its version (migration 009), only while the version is still
 * `expected` when given, checked in the UPDATE's own condition. False when no row matched.
 */
export async function editAppointment(
  db: Executor,
  id: number,
  changes: AppointmentChanges,
  expected: number | undefined,
): Promise<boolean> {
  let query = db
    .updateTable("appointments")
    .set({ ...changes, version: sql<number>`version + 1` })
    .where("id", "=", id);
  if (expected !== undefined) query = query.where("version", "=", expected);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Deletes the appointment, only while it is still at `expected` when given. False when no row matched. */
export async function deleteAppointment(db: Executor, id: number, expected?: number): Promise<boolean> {
  let query = db.deleteFrom("appointments").where("id", "=", id);
  if (expected !== undefined) query = query.where("version", "=", expected);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
