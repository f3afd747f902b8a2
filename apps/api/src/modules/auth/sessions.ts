import type { Db } from "../../db/database";
import { preparedQuery } from "../../db/prepared";
import type { AuthUser } from "../../plugins/auth";

/** ASVS 3.3.2 (level 2): a session nobody used for 30 minutes ends, whatever its absolute lifetime left. */
export const SESSION_IDLE_MINUTES = 30;
/**
 * last_seen_at is written at most once a minute per session, so the check of every request stays one
 * indexed read. The slack is on the safe side: the idle rule compares against the last write, so a session
 * ends between 29 and 30 minutes after its last request, never later.
 */
export const SESSION_TOUCH_INTERVAL_MS = 60_000;

/**
 * A live session (not revoked, not expired, not idle) of an active, not deleted account: one lookup by the
 * sessions primary key joined to users by theirs. It runs on every authenticated request, so it is compiled
 * once (session validity itself is never cached: a revocation or a deletion takes effect on the next request).
 */
const liveSessionQuery = preparedQuery(
  (db, sessionId: string, now: string, idleSince: string) =>
    db
      .selectFrom("sessions")
      .innerJoin("users", "users.id", "sessions.userId")
      .select([
        "users.id",
        "users.guidId",
        "users.userName",
        "users.email",
        "users.firstName",
        "users.lastName",
        "users.role",
        "sessions.id as sessionId",
        "sessions.lastSeenAt",
      ])
      .where("sessions.id", "=", sessionId)
      .where("sessions.revokedAt", "is", null)
      .where("sessions.expiresAt", ">", now)
      .where("sessions.lastSeenAt", ">", idleSince)
      .where("users.deletedAt", "is", null)
      .where("users.status", "=", "active"),
  3,
);

/** The signed-in user of a live session, marking the session used (throttled); null when it is gone. */
export async function useSession(db: Db, sessionId: string, at: Date): Promise<AuthUser | null> {
  const now = at.toISOString();
  const idleSince = new Date(at.getTime() - SESSION_IDLE_MINUTES * 60_000).toISOString();
  const [row] = await liveSessionQuery.execute(db.kysely, sessionId, now, idleSince);
  if (!row) return null;
  if (at.getTime() - Date.parse(row.lastSeenAt) >= SESSION_TOUCH_INTERVAL_MS) {
    await db.kysely.updateTable("sessions").set({ lastSeenAt: now }).where("id", "=", sessionId).execute();
  }
  // (The row goes out as it is, lastSeenAt included: copying it without that field costs on every request.)
  return row;
}
