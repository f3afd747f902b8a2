import { sql } from "kysely";
import type { Db } from "#api/db/database";
import { REGISTRATION_WAITING } from "#api/db/migrations/017-tasks-and-notifications";
import type { Executor } from "#api/db/schema";
import { byReference } from "#api/lib/ids";

/* What other modules may read of the accounts without the users' service: the bell, the dashboard, tasks, the
 * history's names. */

const count = (rows: { count: number | string | null }[]) => Number(rows[0]?.count ?? 0);

/** Internal accounts waiting for an Admin's decision, newest first. */
export function pendingRegistrations(db: Executor, limit: number) {
  return db
    .selectFrom("users")
    .select(["guidId", "userName", "firstName", "lastName", "email", "role", "createdAt"])
    .where("status", "=", "pending")
    .where("role", "<>", "AppUser")
    .where("deletedAt", "is", null)
    .orderBy("createdAt", "desc")
    .limit(limit)
    .execute();
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

/** An active internal user (Admin or Staff) by guid: the only kind of account a task may be assigned to. */
export async function internalUserId(db: Executor, guidId: string): Promise<number | undefined> {
  const row = await db
    .selectFrom("users")
    .select("id")
    .where("guidId", "=", guidId)
    .where("role", "in", ["Admin", "Staff"])
    .where("status", "=", "active")
    .where("deletedAt", "is", null)
    .where("suspendedAt", "is", null)
    .executeTakeFirst();
  return row?.id;
}

/** The role, email and names of the accounts with these guids (deleted ones too), in one query. */
export function accountsByGuid(db: Executor, guidIds: string[]) {
  if (guidIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("users")
    .select(["guidId", "role", "email", "userName", "firstName", "lastName"])
    .where("guidId", "in", guidIds)
    .execute();
}

/**
 * An active account that is not deleted, by guidId or id; with `evenDeletedId`, that one account also when
 * deleted (an appointment kept after its customer's delete can still be edited, cancelled).
 */
export function findAppointmentUser(db: Executor, reference: string | number, evenDeletedId?: number) {
  const { column, value } = byReference(reference);
  return db
    .selectFrom("users")
    .select(["id", "guidId", "email", "role", "timeZone"])
    .where(column, "=", value)
    .where((eb) =>
      evenDeletedId === undefined
        ? eb("deletedAt", "is", null)
        : eb.or([eb("deletedAt", "is", null), eb("id", "=", evenDeletedId)]),
    )
    .where("status", "=", "active")
    .executeTakeFirst();
}

/** An account by guidId or id, whatever its state: the customer an appointments list is narrowed to. */
export function findAccountId(db: Executor, reference: string) {
  const { column, value } = byReference(reference);
  return db.selectFrom("users").select("id").where(column, "=", value).executeTakeFirst();
}
