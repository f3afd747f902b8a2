import { type RawBuilder, sql } from "kysely";
import type { Db } from "#api/db/database";
import { REGISTRATION_WAITING } from "#api/db/migrations/017-tasks-and-notifications";
import type { Executor } from "#api/db/schema";

const CREATED_PREFIX = "app_users_created:";

const count = (rows: { count: number | string | null }[]) => Number(rows[0]?.count ?? 0);

/** The app accounts created on the days from `fromDay` on, summed from their day counters (migration 007). */
export async function appUsersCreatedFromDay(db: Executor, fromDay: string): Promise<number> {
  const row = await db
    .selectFrom("rowCounts")
    .select((eb) => eb.fn.sum<number>("value").as("count"))
    .where("name", ">=", `${CREATED_PREFIX}${fromDay}`)
    .where("name", "<", `${CREATED_PREFIX}~`)
    .executeTakeFirstOrThrow();
  return Number(row.count ?? 0);
}

/** The app accounts created in [from, to), counted by the users_app_created index (its own condition). */
export async function countAppUsersCreated(db: Db, from: string, to: string): Promise<number> {
  // SQLite is given no planner statistics, and without them it would walk users_role_list (every
  // AppUser) instead: INDEXED BY names the index, and fails loudly should it ever not fit.
  const users = db.dialect === "sqlite" ? sql`users indexed by users_app_created` : sql`users`;
  const { rows } = await sql<{ count: number | string }>`select count(*) as count from ${users}
    where role = 'AppUser' and status in ('active', 'pending') and deleted_at is null
    and created_at >= ${from} and created_at < ${to}`.execute(db.kysely);
  return count(rows);
}

/** Appointments with their customer and consultant, as the dashboard's lists show them. */
export function dashboardAppointments(db: Executor) {
  return db
    .selectFrom("appointments")
    .innerJoin("users", "users.id", "appointments.userId")
    .innerJoin("consultants", "consultants.id", "appointments.consultantId")
    .select([
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

/** The oldest registrations waiting for an Admin's decision (the users_pending_internal index). */
export function waitingRegistrations(db: Executor, limit: number) {
  return db
    .selectFrom("users")
    .select(["guidId", "userName", "firstName", "lastName", "email", "role", "createdAt"])
    .where(sql<boolean>`${sql.raw(REGISTRATION_WAITING)}`)
    .orderBy("createdAt", "asc")
    .orderBy("id", "asc")
    .limit(limit)
    .execute();
}

export async function countWaitingRegistrations(db: Db): Promise<number> {
  // Without planner statistics SQLite would count through the smallest index of all users instead.
  const users = db.dialect === "sqlite" ? sql`users indexed by users_pending_internal` : sql`users`;
  const { rows } = await sql<{ count: number | string }>`select count(*) as count from ${users}
    where ${sql.raw(REGISTRATION_WAITING)}`.execute(db.kysely);
  return count(rows);
}
