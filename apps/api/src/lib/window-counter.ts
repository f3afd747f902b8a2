import type { Executor } from "#api/db/schema";

/**
 * One hit on a counter kept in the database (the rate limits' table), so every API process counts together:
 * one upsert, which starts a new window when the key's has run out. Answers the hits in the current window
 * and when it ends (ms since the epoch). The rate limits and the mail cap count through it.
 */
export async function countHit(db: Executor, key: string, windowMs: number, now: number) {
  const row = await db
    .insertInto("rateLimits")
    .values({ key, hits: 1, resetAt: now + windowMs })
    .onConflict((oc) =>
      oc.column("key").doUpdateSet((eb) => ({
        hits: eb
          .case()
          .when("rateLimits.resetAt", "<=", now)
          .then(1)
          .else(eb("rateLimits.hits", "+", 1))
          .end(),
        resetAt: eb
          .case()
          .when("rateLimits.resetAt", "<=", now)
          .then(now + windowMs)
          .else(eb.ref("rateLimits.resetAt"))
          .end(),
      })),
    )
    .returning(["hits", "resetAt"])
    .executeTakeFirstOrThrow();
  return { hits: Number(row.hits), resetAt: Number(row.resetAt) };
}
