import { revokeLiveSession } from "#api/db/revoke-session";
import type { Executor } from "#api/db/schema";

/**
 * Device sessions still signed in at `now`, joined to their accounts: not revoked, not past their end, of an
 * active app user.
 */
export function liveSessionsAt(db: Executor, now: string) {
  return db
    .selectFrom("customerSessions")
    .innerJoin("users", "users.id", "customerSessions.userId")
    .where("customerSessions.revokedAt", "is", null)
    .where("customerSessions.expiresAt", ">", now)
    .where("users.role", "=", "AppUser")
    .where("users.deletedAt", "is", null)
    .where("users.status", "=", "active")
    .where("users.suspendedAt", "is", null);
}

/** The customer behind a live device session. */
export function findLiveSession(db: Executor, sessionId: string, now: string) {
  return liveSessionsAt(db, now)
    .select([
      "users.id",
      "users.guidId",
      "users.userName",
      "users.email",
      "users.firstName",
      "users.lastName",
      "users.timeZone",
      "users.language",
      "users.emailVerifiedAt",
      "users.cnicVerification",
      "customerSessions.id as sessionId",
      "customerSessions.lastUsedAt",
    ])
    .where("customerSessions.id", "=", sessionId)
    .executeTakeFirst();
}

export function insertSession(
  db: Executor,
  session: { id: string; userId: number; deviceName: string; at: string; expiresAt: string; address: string },
) {
  return db
    .insertInto("customerSessions")
    .values({
      id: session.id,
      userId: session.userId,
      deviceName: session.deviceName,
      createdAt: session.at,
      lastUsedAt: session.at,
      expiresAt: session.expiresAt,
      address: session.address,
    })
    .execute();
}

export function insertRefreshToken(db: Executor, sessionId: string, tokenHash: string, at: string) {
  return db.insertInto("customerRefreshTokens").values({ tokenHash, sessionId, createdAt: at }).execute();
}

export function findRefreshToken(db: Executor, tokenHash: string) {
  return db
    .selectFrom("customerRefreshTokens")
    .innerJoin("customerSessions", "customerSessions.id", "customerRefreshTokens.sessionId")
    .select([
      "customerRefreshTokens.sessionId",
      "customerRefreshTokens.usedAt",
      "customerSessions.userId",
      "customerSessions.revokedAt",
      "customerSessions.expiresAt",
    ])
    .where("customerRefreshTokens.tokenHash", "=", tokenHash)
    .executeTakeFirst();
}

/** Spends a refresh token; false when another request spent it first. */
export async function useRefreshToken(db: Executor, tokenHash: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable("customerRefreshTokens")
    .set({ usedAt: at })
    .where("tokenHash", "=", tokenHash)
    .where("usedAt", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function touchSession(db: Executor, sessionId: string, at: string) {
  return db.updateTable("customerSessions").set({ lastUsedAt: at }).where("id", "=", sessionId).execute();
}

/** Ends one device (its refresh chain with it); scoped to its owner, so nobody ends another's. */
export function revokeSession(db: Executor, userId: number, sessionId: string, at: string) {
  return revokeLiveSession(db.updateTable("customerSessions"), userId, sessionId, at);
}

export function findEmailCode(db: Executor, userId: number) {
  return db.selectFrom("emailCodes").selectAll().where("userId", "=", userId).executeTakeFirst();
}

/** A new code (hashed): its own wrong tries start again; the day's count stays with the account. */
export async function putEmailCode(
  db: Executor,
  code: { userId: number; codeHash: string; expiresAt: string; createdAt: string },
) {
  const replaced = await db
    .updateTable("emailCodes")
    .set({ codeHash: code.codeHash, expiresAt: code.expiresAt, createdAt: code.createdAt, failedTries: 0 })
    .where("userId", "=", code.userId)
    .executeTakeFirst();
  if (Number(replaced.numUpdatedRows) === 0) await db.insertInto("emailCodes").values(code).execute();
}

/** Counts a wrong code: on the code, and in the day that began with the first wrong one (a new day after). */
export function countFailedCode(db: Executor, userId: number, now: string, dayStartedBefore: string) {
  return db
    .updateTable("emailCodes")
    .set((eb) => {
      const newDay = eb.or([eb("triesSince", "is", null), eb("triesSince", "<=", dayStartedBefore)]);
      return {
        failedTries: eb("failedTries", "+", 1),
        triesSince: eb.case().when(newDay).then(now).else(eb.ref("triesSince")).end(),
        triesInDay: eb
          .case()
          .when(newDay)
          .then(1)
          .else(eb("triesInDay", "+", 1))
          .end(),
      };
    })
    .where("userId", "=", userId)
    .execute();
}

export function deleteEmailCode(db: Executor, userId: number) {
  return db.deleteFrom("emailCodes").where("userId", "=", userId).execute();
}
