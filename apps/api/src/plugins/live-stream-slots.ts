import { randomUUID } from "node:crypto";
import type { Db } from "#api/db/database";

/**
 * Rows of open live streams in the rate limits' table: "live|s|<session>|<stream>", "live|a|<account>|<stream>"
 * (a customer's session and account as "customer:<id>", apart from staff's).
 */
const PREFIX = "live|";
/** A stream's rows outlive its longest life by this much, then any process deletes them (a crashed one's). */
const GRACE_MS = 60_000;

export interface LiveStreamLimits {
  /** The longest a stream lives (it ends itself then): its rows expire after it. */
  lifetimeMs: number;
  perSession: number;
  perAccount: number;
}

/**
 * The open live streams of a session and of an account, counted in the database (a row per stream and
 * scope in rate_limits), so every process of one database counts the same streams: with several instances
 * a session still holds at most `perSession`. A row is deleted when its stream ends; a process that dies
 * leaves its rows until they expire, at most GRACE_MS after its streams would have ended anyway. Two
 * streams opened in the same instant on two processes may both take the last place (a bound, not a lock).
 */
export function liveStreamSlots(db: Db, limits: LiveStreamLimits) {
  const k = db.kysely;
  const count = async (scope: string, now: number) =>
    Number(
      (
        await k
          .selectFrom("rateLimits")
          .select((eb) => eb.fn.countAll().as("open"))
          .where("key", "like", `${scope}|%`)
          .where("resetAt", ">", now)
          .executeTakeFirstOrThrow()
      ).open,
    );
  return {
    /** A place for one more stream (`release` frees it), or which limit is full. */
    async take(
      sessionId: string,
      accountId: string,
    ): Promise<{ release: () => Promise<void> } | { full: "session" | "account" }> {
      const now = Date.now();
      await k
        .deleteFrom("rateLimits")
        .where("key", "like", `${PREFIX}%`)
        .where("resetAt", "<=", now)
        .execute();
      const session = `${PREFIX}s|${sessionId}`;
      const account = `${PREFIX}a|${accountId}`;
      if ((await count(session, now)) >= limits.perSession) return { full: "session" };
      if ((await count(account, now)) >= limits.perAccount) return { full: "account" };
      const stream = randomUUID();
      const keys = [`${session}|${stream}`, `${account}|${stream}`];
      const resetAt = now + limits.lifetimeMs + GRACE_MS;
      await k
        .insertInto("rateLimits")
        .values(keys.map((key) => ({ key, hits: 1, resetAt })))
        .execute();
      return {
        async release() {
          await k.deleteFrom("rateLimits").where("key", "in", keys).execute();
        },
      };
    },
  };
}
export type LiveStreamSlots = ReturnType<typeof liveStreamSlots>;
