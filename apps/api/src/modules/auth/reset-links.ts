import type { Db } from "#api/db/database";
import type { Executor } from "#api/db/schema";
import { lockAccount } from "../users/account-records";

/** At most one reset mail per account in this many seconds, however many times it is asked for. */
export const RESET_MAIL_COOLDOWN_SECONDS = 60;

/**
 * Whether the account may get a new reset link now: none made in the last RESET_MAIL_COOLDOWN_SECONDS.
 * Call it in the transaction that makes the link: on PostgreSQL the account's row is locked, so of
 * simultaneous asks only one passes; SQLite runs one writing transaction at a time.
 */
export async function mayMakeResetLink(trx: Executor, dialect: Db["dialect"], userId: number, now: Date) {
  if (dialect === "postgres") {
    await lockAccount(trx, userId);
  }
  const recent = await trx
    .selectFrom("passwordResets")
    .select("id")
    .where("userId", "=", userId)
    .where("createdAt", ">", new Date(now.getTime() - RESET_MAIL_COOLDOWN_SECONDS * 1000).toISOString())
    .limit(1)
    .executeTakeFirst();
  return recent === undefined;
}
