import { type RawBuilder, sql } from "kysely";
import type { Executor } from "#api/db/schema";
import { appointmentsWithPeople } from "./repository";

/*
 * What other modules may read of the appointments without their service: the bell's and the dashboard's
 * lists, each the one query (appointment with its customer and consultant) it always was.
 */

const count = (rows: { count: number | string | null }[]) => Number(rows[0]?.count ?? 0);

/** An appointment notification's columns: when it is, who comes and to whom (its text and its link). */
const APPOINTMENT_PEOPLE = [
  "appointments.guidId",
  "appointments.appointmentDate",
  "appointments.appointmentTime",
  "appointments.userEmail",
  "users.guidId as userGuidId",
  "users.userName",
  "users.firstName",
  "users.lastName",
  "consultants.guidId as consultantGuidId",
] as const;

/** Appointments neither confirmed nor cancelled, with who comes, to whom, and when each was booked. */
const awaitingConfirmation = (db: Executor) =>
  appointmentsWithPeople(db)
    .select([...APPOINTMENT_PEOPLE, "appointments.createdAt", "consultants.name as consultantName"])
    .where("appointments.isConfirmed", "=", false)
    .where("appointments.isCancelled", "=", false);

/** Appointments customers booked themselves, still ahead and awaiting confirmation, newest first. */
export function openCustomerBookings(db: Executor, from: string, limit: number) {
  return awaitingConfirmation(db)
    .where("appointments.isBookedByCustomer", "=", true)
    .where("appointments.startsAt", ">=", from)
    .orderBy("appointments.createdAt", "desc")
    .limit(limit)
    .execute();
}

/** Appointments starting in [from, to) that are neither confirmed nor cancelled, soonest first. */
export function unconfirmedAppointments(db: Executor, from: string, to: string, limit: number) {
  return awaitingConfirmation(db)
    .where("appointments.startsAt", ">=", from)
    .where("appointments.startsAt", "<", to)
    .orderBy("appointments.startsAt", "asc")
    .limit(limit)
    .execute();
}

/** Reminder mails that failed for good, of appointments not cancelled starting from `since`, newest first. */
export function failedReminders(db: Executor, since: string, limit: number) {
  return appointmentsWithPeople(db)
    .innerJoin("appointmentReminders", "appointmentReminders.appointmentId", "appointments.id")
    .select([
      "appointmentReminders.id",
      "appointmentReminders.nextAttemptAt",
      "appointmentReminders.failureReason",
      ...APPOINTMENT_PEOPLE,
    ])
    .where("appointmentReminders.state", "=", "failed")
    .where("appointments.isCancelled", "=", false)
    .where("appointments.startsAt", ">=", since)
    .orderBy("appointmentReminders.nextAttemptAt", "desc")
    .limit(limit)
    .execute();
}

/** Appointments with their customer and consultant, as the dashboard's lists show them. */
export function dashboardAppointments(db: Executor) {
  return appointmentsWithPeople(db).select([
    "appointments.guidId",
    "appointments.appointmentDate",
    "appointments.appointmentTime",
    "appointments.isConfirmed",
    "appointments.isCancelled",
    "appointments.isPaid",
    "appointments.userEmail",
    "users.userName",
    "users.firstName",
    "users.lastName",
    "users.deletedAt as customerDeletedAt",
    "consultants.name as consultantName",
    "consultants.deletedAt as consultantDeletedAt",
  ]);
}

export type DashboardAppointmentRow = Awaited<
  ReturnType<ReturnType<typeof dashboardAppointments>["execute"]>
>[number];

/** How many appointments meet a condition and start before, or from, a moment. */
export async function countAppointments(
  db: Executor,
  condition: RawBuilder<unknown>,
  side: ">=" | "<",
  moment: string,
): Promise<number> {
  const rows = await db
    .selectFrom("appointments")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where(sql<boolean>`${condition}`)
    .where("startsAt", side, moment)
    .execute();
  return count(rows);
}

/** The appointments starting in [from, to), counted exactly (a range of the start-time index). */
export async function countAppointmentsStarting(db: Executor, from: string, to: string): Promise<number> {
  const rows = await db
    .selectFrom("appointments")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("startsAt", ">=", from)
    .where("startsAt", "<", to)
    .execute();
  return count(rows);
}

/** The appointments starting in [from, to), counted per confirmed and cancelled flags. */
export function countAppointmentsByFlags(db: Executor, from: string, to: string) {
  return db
    .selectFrom("appointments")
    .select(["isConfirmed", "isCancelled", (eb) => eb.fn.countAll<number | string>().as("count")])
    .where("startsAt", ">=", from)
    .where("startsAt", "<", to)
    .groupBy(["isConfirmed", "isCancelled"])
    .execute();
}

/** Appointments of the consultant, not cancelled, that overlap [startsAt, endsAt) (ISO UTC). */
export function overlappingAppointments(
  db: Executor,
  consultantId: number,
  startsAt: string,
  endsAt: string,
  exceptId?: number,
) {
  let query = db
    .selectFrom("appointments")
    .select(["id", "startsAt", "endsAt"])
    .where("consultantId", "=", consultantId)
    .where("isCancelled", "=", false)
    .where("startsAt", "<", endsAt)
    .where("endsAt", ">", startsAt);
  if (exceptId !== undefined) query = query.where("id", "!=", exceptId);
  return query.execute();
}

/** How many appointments of a consultant or a user were marked NoShow. */
export async function noShowCount(db: Executor, by: { consultantId: number } | { userId: number }) {
  const row = await db
    .selectFrom("appointments")
    .select(sql<number>`count(*)`.as("count"))
    .where("attendance", "=", "NoShow")
    .where(
      "consultantId" in by ? "consultantId" : "userId",
      "=",
      "consultantId" in by ? by.consultantId : by.userId,
    )
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * The no-shows of the consultant of the enclosing query's `consultants` row, as a sub-query: the
 * consultant's detail reads them with its revision (attendance changes apart from the consultant row, whose
 * revision does not move), and one round trip for both keeps the detail's check as cheap as before.
 */
export const consultantNoShows = sql<number>`(select count(*) from appointments where appointments.consultant_id = consultants.id and appointments.attendance = 'NoShow')`;

/** The consultant and time of the appointments with these guids, in one query. */
export function appointmentsByGuid(db: Executor, guidIds: string[]) {
  if (guidIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("appointments")
    .select(["guidId", "consultantName", "appointmentDate", "appointmentTime"])
    .where("guidId", "in", guidIds)
    .execute();
}

/** Whose each of these appointments is (its customer's user id), for the customers' live streams. */
export function appointmentOwners(db: Executor, guidIds: readonly string[]) {
  return db
    .selectFrom("appointments")
    .select(["guidId", "userId"])
    .where("guidId", "in", [...guidIds])
    .execute();
}

/** The guidIds of one customer's appointments (a live stream tells a deleted one by them). */
export async function appointmentIdsOf(db: Executor, userId: number): Promise<string[]> {
  const rows = await db.selectFrom("appointments").select("guidId").where("userId", "=", userId).execute();
  return rows.map((row) => row.guidId);
}
