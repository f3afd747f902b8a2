import type { Executor } from "#api/db/schema";
import { type ListedUser, listedColumns } from "../repository";

/** An account that is not deleted, by its public id, whatever its status (a rejected one too). */
export function findUserAnyStatus(db: Executor, guidId: string): Promise<ListedUser | undefined> {
  return db
    .selectFrom("users")
    .select(listedColumns)
    .where("guidId", "=", guidId)
    .where("deletedAt", "is", null)
    .executeTakeFirst();
}

/** Moves a rejected account back to pending; false when it was not rejected (any more). */
export async function reopenRejected(db: Executor, id: number, at: string): Promise<boolean> {
  const result = await db
    .updateTable("users")
    .set({ status: "pending", updatedAt: at })
    .where("id", "=", id)
    .where("status", "=", "rejected")
    .where("deletedAt", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Moves a pending account to active or rejected; false when it was no longer pending. */
export async function decidePending(
  db: Executor,
  id: number,
  status: "active" | "rejected",
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable("users")
    .set({ status, updatedAt: at })
    .where("id", "=", id)
    .where("status", "=", "pending")
    .where("deletedAt", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * The active, not suspended Admins, locked for the rest of the transaction on PostgreSQL so two Admins
 * demoting or suspending each other at once cannot both pass the last-Admin check (SQLite runs one write
 * transaction at a time).
 */
export async function lockActiveAdmins(db: Executor, dialect: "sqlite" | "postgres"): Promise<number[]> {
  const query = db
    .selectFrom("users")
    .select("id")
    .where("role", "=", "Admin")
    .where("status", "=", "active")
    .where("suspendedAt", "is", null)
    .where("deletedAt", "is", null);
  const rows = await (dialect === "postgres" ? query.forUpdate() : query).execute();
  return rows.map((row) => row.id);
}

export function setSuspended(db: Executor, id: number, suspendedAt: string | null, at: string) {
  return db.updateTable("users").set({ suspendedAt, updatedAt: at }).where("id", "=", id).execute();
}

export function setRole(db: Executor, id: number, role: "Admin" | "Staff", at: string) {
  return db.updateTable("users").set({ role, updatedAt: at }).where("id", "=", id).execute();
}

/** Of these accounts, the ids of those with a second factor set up (an authenticator app or a passkey). */
export async function withTwoFactor(db: Executor, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom("users")
    .select("id")
    .where("id", "in", ids)
    .where("isMfaEnabled", "=", true)
    .execute();
  return new Set(rows.map((row) => row.id));
}
