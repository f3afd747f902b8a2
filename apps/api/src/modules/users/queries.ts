import { sql } from "kysely";
import type { Db } from "#api/db/database";
import { REGISTRATION_WAITING } from "#api/db/migrations/017-tasks-and-notifications";
import type { Executor } from "#api/db/schema";

/* What other modules may read of the accounts without the users' service: the bell, the dashboard. */

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
