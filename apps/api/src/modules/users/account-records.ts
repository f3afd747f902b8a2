import { sql } from "kysely";
import type { Executor, NewUserRow, UserRow, UserUpdate } from "#api/db/schema";

/*
 * The accounts as sign-in, registration, the password reset and the second factors read and change them
 * (the auth and customer-auth modules), each the query they ran before.
 */

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

/** What a mail to the account is written in and told in: its language and time zone (null: none given). */
export function findMailSettings(db: Executor, guidId: string) {
  return db
    .selectFrom("users")
    .select(["language", "timeZone"])
    .where("guidId", "=", guidId)
    .executeTakeFirst();
}

/** How many accounts there are, deleted ones too (none: the first start makes the first Admin). */
export async function countAccounts(db: Executor): Promise<number> {
  const row = await db
    .selectFrom("users")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** A new account; answers what registration tells and audits. */
export function insertAccount(db: Executor, user: NewUserRow) {
  return db
    .insertInto("users")
    .values(user)
    .returning(["id", "guidId", "userName", "email", "status"])
    .executeTakeFirstOrThrow();
}

/** An account's id and the names it signs in with (also when deleted: its counters may remain). */
export function findAccountNames(db: Executor, id: number) {
  return db.selectFrom("users").select(["id", "email", "userName"]).where("id", "=", id).executeTakeFirst();
}

/** An account that is not deleted, by id (the second step of sign-in knows only that). */
export function findAccountById(db: Executor, id: number) {
  return db
    .selectFrom("users")
    .selectAll()
    .where("id", "=", id)
    .where("deletedAt", "is", null)
    .executeTakeFirst();
}

/** The guid and role of an account, to audit a change of it. */
export function accountGuidAndRole(db: Executor, id: number) {
  return db.selectFrom("users").select(["guidId", "role"]).where("id", "=", id).executeTakeFirstOrThrow();
}

/** Locks the account's row until the transaction ends (PostgreSQL): simultaneous asks about it queue. */
export async function lockAccount(db: Executor, id: number) {
  await db.selectFrom("users").select("id").where("id", "=", id).forUpdate().execute();
}

/** An account that is not deleted, by id; it must exist (a signed-in customer's own). */
export function accountById(db: Executor, id: number) {
  return db
    .selectFrom("users")
    .selectAll()
    .where("id", "=", id)
    .where("deletedAt", "is", null)
    .executeTakeFirstOrThrow();
}

/** Some fields of an account, by id; it must exist. */
export function accountFields<F extends keyof UserRow & string>(
  db: Executor,
  id: number,
  fields: readonly F[],
) {
  return db.selectFrom("users").select(fields).where("id", "=", id).executeTakeFirstOrThrow();
}

/** Saves fields its owner changed: the account's version moves, so a screen holding the old one is stale. */
export async function updateOwnAccount(db: Executor, id: number, fields: UserUpdate, at: string) {
  await db
    .updateTable("users")
    .set((eb) => ({ ...fields, updatedAt: at, version: eb("version", "+", 1) }))
    .where("id", "=", id)
    .execute();
}

/**
 * Whether an account (not one whose CNIC is already in conflict, nor `exceptId`) holds the CNIC:
 * users_cnic_unique's rows.
 */
export async function cnicHeld(db: Executor, cnic: string, exceptId?: number): Promise<boolean> {
  let query = db.selectFrom("users").select("id").where("cnic", "=", cnic).where("deletedAt", "is", null);
  if (exceptId !== undefined) query = query.where("id", "<>", exceptId);
  const row = await query
    .where((eb) => eb.or([eb("cnicVerification", "is", null), eb("cnicVerification", "<>", "conflict")]))
    .executeTakeFirst();
  return row !== undefined;
}

/** The owner proved the email with the mailed code. */
export function markEmailVerified(db: Executor, userId: number, at: string) {
  return db
    .updateTable("users")
    .set({ emailVerifiedAt: at, updatedAt: at })
    .where("id", "=", userId)
    .execute();
}

/** Replaces an erased account's personal fields (the caller says with what). */
export async function eraseAccount(db: Executor, id: number, erased: UserUpdate) {
  await db.updateTable("users").set(erased).where("id", "=", id).execute();
}

/** Stores a new password's hash. */
export async function savePasswordHash(db: Executor, userId: number, passwordHash: string, at: string) {
  await db.updateTable("users").set({ passwordHash, updatedAt: at }).where("id", "=", userId).execute();
}

/** Whether the account has a second factor: the check of every request reads it beside the session. */
export async function setMfaEnabled(db: Executor, userId: number, enabled: boolean) {
  await db.updateTable("users").set({ isMfaEnabled: enabled }).where("id", "=", userId).execute();
}
