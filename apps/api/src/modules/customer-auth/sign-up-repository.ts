import { sql } from "kysely";
import type { Executor } from "#api/db/schema";
import type { SignUpsTable } from "./tables";

/*
 * The sign-ups waiting for their email to be proven (migration 028). Every read ignores one whose time is
 * up; the sweeper (sign-up-sweeper.ts) removes those.
 */

/** What a sign-up is made with: every column but its code and tries, which start empty. */
export type NewSignUp = Omit<
  SignUpsTable,
  "id" | "codeHash" | "codeExpiresAt" | "codeSentAt" | "codeFailedTries" | "triesSince" | "triesInDay"
>;

/** The newest live sign-up of an address, case-insensitively. */
export function findLiveSignUp(db: Executor, email: string, now: string) {
  return db
    .selectFrom("signUps")
    .selectAll()
    .where(sql<string>`lower(email)`, "=", email.trim().toLowerCase())
    .where("expiresAt", ">", now)
    .orderBy("id", "desc")
    .executeTakeFirst();
}

export async function insertSignUp(db: Executor, signUp: NewSignUp): Promise<number> {
  const row = await db.insertInto("signUps").values(signUp).returning("id").executeTakeFirstOrThrow();
  return row.id;
}

/**
 * A later sign-up of the same address replaces the details of the live one: its code, its wrong tries and
 * its day's count stay, so signing up again neither floods the mailbox nor buys more guesses.
 */
export async function replaceSignUp(db: Executor, id: number, signUp: NewSignUp) {
  const { createdAt: _createdAt, ...details } = signUp;
  await db.updateTable("signUps").set(details).where("id", "=", id).execute();
}

/** Stores a new code (hashed); the code's own wrong tries start again, the day's count does not. */
export async function putSignUpCode(
  db: Executor,
  id: number,
  code: { codeHash: string; codeExpiresAt: string; codeSentAt: string },
) {
  await db
    .updateTable("signUps")
    .set({ ...code, codeFailedTries: 0 })
    .where("id", "=", id)
    .execute();
}

/** Counts a wrong code: on the code, and in the day that began with the first wrong one (a new day after). */
export async function countWrongCode(db: Executor, id: number, now: string, dayStartedBefore: string) {
  await db
    .updateTable("signUps")
    .set((eb) => ({
      codeFailedTries: eb("codeFailedTries", "+", 1),
      triesSince: eb
        .case()
        .when(eb.or([eb("triesSince", "is", null), eb("triesSince", "<=", dayStartedBefore)]))
        .then(now)
        .else(eb.ref("triesSince"))
        .end(),
      triesInDay: eb
        .case()
        .when(eb.or([eb("triesSince", "is", null), eb("triesSince", "<=", dayStartedBefore)]))
        .then(1)
        .else(eb("triesInDay", "+", 1))
        .end(),
    }))
    .where("id", "=", id)
    .execute();
}

/** Takes the sign-up out, once: false when another request took it first. */
export async function takeSignUp(db: Executor, id: number, codeHash: string): Promise<boolean> {
  const result = await db
    .deleteFrom("signUps")
    .where("id", "=", id)
    .where("codeHash", "=", codeHash)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export async function deleteSignUp(db: Executor, id: number) {
  await db.deleteFrom("signUps").where("id", "=", id).execute();
}

/** Removes the sign-ups whose time is up: how many. */
export async function deleteExpiredSignUps(db: Executor, now: string): Promise<number> {
  const result = await db.deleteFrom("signUps").where("expiresAt", "<=", now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
