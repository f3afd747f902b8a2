import type { Kysely } from "kysely";
import { sql } from "kysely";
import type { Database, NewUserRow } from "../../db/schema";

type Executor = Kysely<Database>;

/** An account that is not deleted, by email or user name, case-insensitively. */
export function findAccount(
  db: Executor,
  login: { email?: string | undefined; userName?: string | undefined },
) {
  let query = db.selectFrom("users").selectAll().where("deletedAt", "is", null);
  query = login.email
    ? query.where(sql<string>`lower(email)`, "=", login.email.toLowerCase())
    : query.where(sql<string>`lower(user_name)`, "=", (login.userName ?? "").toLowerCase());
  return query.executeTakeFirst();
}

export async function countAccounts(db: Executor): Promise<number> {
  const row = await db
    .selectFrom("users")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export function insertAccount(db: Executor, user: NewUserRow) {
  return db
    .insertInto("users")
    .values(user)
    .returning(["id", "guidId", "userName", "email", "status"])
    .executeTakeFirstOrThrow();
}

export function insertSession(
  db: Executor,
  session: { id: string; userId: number; createdAt: string; expiresAt: string },
) {
  return db.insertInto("sessions").values(session).execute();
}

export function revokeSession(db: Executor, sessionId: string, at: string) {
  return db
    .updateTable("sessions")
    .set({ revokedAt: at })
    .where("id", "=", sessionId)
    .where("revokedAt", "is", null)
    .execute();
}

export function revokeAllSessions(db: Executor, userId: number, at: string) {
  return db
    .updateTable("sessions")
    .set({ revokedAt: at })
    .where("userId", "=", userId)
    .where("revokedAt", "is", null)
    .execute();
}

export function insertPasswordReset(
  db: Executor,
  reset: { userId: number; tokenHash: string; expiresAt: string; createdAt: string },
) {
  return db.insertInto("passwordResets").values(reset).execute();
}

export function findUsablePasswordReset(db: Executor, tokenHash: string, now: string) {
  return db
    .selectFrom("passwordResets")
    .select(["id", "userId"])
    .where("tokenHash", "=", tokenHash)
    .where("usedAt", "is", null)
    .where("expiresAt", ">", now)
    .executeTakeFirst();
}

/** Marks the reset used; false when another request used it first (single use under concurrency). */
export async function usePasswordReset(db: Executor, id: number, at: string): Promise<boolean> {
  const result = await db
    .updateTable("passwordResets")
    .set({ usedAt: at })
    .where("id", "=", id)
    .where("usedAt", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function setPasswordHash(db: Executor, userId: number, passwordHash: string, at: string) {
  return db.updateTable("users").set({ passwordHash, updatedAt: at }).where("id", "=", userId).execute();
}
