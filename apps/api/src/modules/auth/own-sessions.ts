import { revokeLiveSession } from "#api/db/revoke-session";
import type { Executor } from "#api/db/schema";

/* The signed-in person's own sessions, as My account lists and ends them. */

/** Sessions of an account still usable at `now`: not revoked, not expired, used within the idle limit. */
export function liveSessions(db: Executor, userId: number, now: string, idleSince: string) {
  return db
    .selectFrom("sessions")
    .select(["id", "userAgent", "address", "createdAt", "lastSeenAt"])
    .where("userId", "=", userId)
    .where("revokedAt", "is", null)
    .where("expiresAt", ">", now)
    .where("lastSeenAt", ">", idleSince)
    .orderBy("lastSeenAt", "desc")
    .execute();
}

/** Ends one session of the account; false when it has no such live session. */
export function revokeOwnSession(db: Executor, userId: number, sessionId: string, at: string) {
  return revokeLiveSession(db.updateTable("sessions"), userId, sessionId, at);
}

/** Ends every session of the account but one (the one the request came from). */
export function revokeOtherSessions(db: Executor, userId: number, keep: string, at: string) {
  return db
    .updateTable("sessions")
    .set({ revokedAt: at })
    .where("userId", "=", userId)
    .where("id", "!=", keep)
    .where("revokedAt", "is", null)
    .execute();
}
