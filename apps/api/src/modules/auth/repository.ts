import { sql } from "kysely";
import type { Executor } from "#api/db/schema";
import { revokeCustomerSessionsOf } from "../customer-auth/queries";
import * as accounts from "../users/account-records";

export function insertSession(
  db: Executor,
  session: {
    id: string;
    userId: number;
    createdAt: string;
    expiresAt: string;
    userAgent?: string | null;
    address?: string | null;
  },
) {
  return db
    .insertInto("sessions")
    .values({ ...session, lastSeenAt: session.createdAt })
    .execute();
}

export function revokeSession(db: Executor, sessionId: string, at: string) {
  return db
    .updateTable("sessions")
    .set({ revokedAt: at })
    .where("id", "=", sessionId)
    .where("revokedAt", "is", null)
    .execute();
}

/** Every back-office session of the account ends. */
export async function revokeBackOfficeSessionsOf(db: Executor, userId: number, at: string) {
  await db
    .updateTable("sessions")
    .set({ revokedAt: at })
    .where("userId", "=", userId)
    .where("revokedAt", "is", null)
    .execute();
}

/** Every session of the account ends: the back-office's and the customer API's devices alike. */
export async function revokeAllSessions(db: Executor, userId: number, at: string) {
  await revokeBackOfficeSessionsOf(db, userId, at);
  await revokeCustomerSessionsOf(db, userId, at);
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

/** Deletes every reset link of an account, used or not (an erased account keeps none). */
export async function deletePasswordResetsOf(db: Executor, userId: number) {
  await db.deleteFrom("passwordResets").where("userId", "=", userId).execute();
}

/** Ends every reset link of an account not used yet: the password it would replace has changed. */
export function endPasswordResets(db: Executor, userId: number, at: string) {
  return db
    .updateTable("passwordResets")
    .set({ usedAt: at })
    .where("userId", "=", userId)
    .where("usedAt", "is", null)
    .execute();
}

/** A new password also ends the account's unused reset links: each was made to replace the old one. */
export async function setPasswordHash(db: Executor, userId: number, passwordHash: string, at: string) {
  await accounts.savePasswordHash(db, userId, passwordHash, at);
  await endPasswordResets(db, userId, at);
}

/** Counts one sign-in attempt against each key; the ids let the attempt take its rows back. */
export async function insertSignInFailures(db: Executor, keys: string[], at: string): Promise<number[]> {
  const rows = await db
    .insertInto("signInFailures")
    .values(keys.map((key) => ({ key, failedAt: at })))
    .returning("id")
    .execute();
  return rows.map((row) => row.id);
}

/** Every failure still kept under some keys, whatever its age. */
export async function countAllSignInFailures(db: Executor, keys: string[]): Promise<number> {
  const row = await db
    .selectFrom("signInFailures")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("key", "in", keys)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Failures per key since a moment (the sliding window). */
export async function countSignInFailures(db: Executor, keys: string[], since: string) {
  const rows = await db
    .selectFrom("signInFailures")
    .select((eb) => ["key", eb.fn.countAll<number>().as("count")])
    .where("key", "in", keys)
    .where("failedAt", ">", since)
    .groupBy("key")
    .execute();
  return new Map(rows.map((row) => [row.key, Number(row.count)]));
}

/** When the key's nth most recent failure happened (0 = the latest), leaving some attempts' rows out. */
export async function nthRecentSignInFailure(db: Executor, key: string, n: number, excludedIds: number[]) {
  const row = await db
    .selectFrom("signInFailures")
    .select("failedAt")
    .where("key", "=", key)
    .where("id", "not in", excludedIds)
    .orderBy("failedAt", "desc")
    .limit(1)
    .offset(n)
    .executeTakeFirst();
  return row?.failedAt;
}

/** Takes back the given rows, and every failure of the given keys (a success clears its account). */
export function deleteSignInFailures(db: Executor, ids: number[], keys: string[] = []) {
  return db
    .deleteFrom("signInFailures")
    .where((eb) => (keys.length ? eb.or([eb("id", "in", ids), eb("key", "in", keys)]) : eb("id", "in", ids)))
    .execute();
}

/** A LIKE pattern matching the text itself: a name may hold _ or %. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/** Every failure counted against some keys: the keys themselves and their pairs with each address ("key@address"). */
export function deleteAccountSignInFailures(db: Executor, keys: string[]) {
  return db
    .deleteFrom("signInFailures")
    .where((eb) =>
      eb.or([
        eb("key", "in", keys),
        ...keys.map((key) => sql<boolean>`${eb.ref("key")} like ${`${likeLiteral(key)}@%`} escape '\\'`),
      ]),
    )
    .execute();
}

/** Failures older than the window no longer count: swept so the table stays small. */
export function sweepSignInFailures(db: Executor, before: string) {
  return db.deleteFrom("signInFailures").where("failedAt", "<=", before).execute();
}

/**
 * The pairs ("key@address") of some keys with at least `limit` failures since a moment: the pairs a sign-in
 * is refused for. Read within the window only (failed_at is indexed; the sweep keeps the table small).
 */
export async function signInPairsAtLimit(db: Executor, keys: string[], since: string, limit: number) {
  if (keys.length === 0) return [];
  const rows = await db
    .selectFrom("signInFailures")
    .select("key")
    .where("failedAt", ">", since)
    .where((eb) =>
      eb.or(keys.map((key) => sql<boolean>`${eb.ref("key")} like ${`${likeLiteral(key)}@%`} escape '\\'`)),
    )
    .groupBy("key")
    .having((eb) => eb.fn.countAll(), ">=", limit)
    .execute();
  return rows.map((row) => row.key);
}
