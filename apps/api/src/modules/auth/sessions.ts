import { REAUTHENTICATION_MINUTES } from "@visadesk/contract/mfa";
import type { Db } from "#api/db/database";
import { keptReads } from "#api/db/kept-reads";
import type { Executor } from "#api/db/schema";
import type { AuthUser } from "#api/modules/auth/auth-user";

/** ASVS 3.3.2 (level 2): a session nobody used for 30 minutes ends, whatever its absolute lifetime left. */
export const SESSION_IDLE_MINUTES = 30;
/**
 * last_seen_at is written at most once a minute per session, so the check of every request stays one
 * indexed read. The slack is on the safe side: the idle rule compares against the last write, so a session
 * ends between 29 and 30 minutes after its last request, never later.
 */
export const SESSION_TOUCH_INTERVAL_MS = 60_000;

/**
 * A session that is not revoked, of an active, not deleted account: one lookup by the sessions primary key
 * joined to users by theirs. Its expiry and idleness are compared in code, so a row read once stays usable
 * while the database is unchanged.
 */
const findSession = (db: Db, sessionId: string) =>
  db.kysely
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
      "users.isPasswordTemporary",
      "users.isMfaEnabled",
      "sessions.id as sessionId",
      "sessions.expiresAt",
      "sessions.lastSeenAt",
    ])
    .where("sessions.id", "=", sessionId)
    .where("sessions.revokedAt", "is", null)
    .where("users.deletedAt", "is", null)
    .where("users.status", "=", "active")
    .where("users.suspendedAt", "is", null)
    .executeTakeFirst();

interface KnownSession {
  user: AuthUser;
  expiresAt: number;
  lastSeenAt: number;
}

/** How many sessions one process remembers between requests (a few MB at most). */
const KNOWN_SESSIONS = 10_000;

/**
 * The check of every authenticated request: the signed-in user of a live session (not revoked, not expired,
 * not idle, of an active account), marking the session used (throttled); null when it is gone.
 * Validity is never taken on trust: on SQLite a session row is reused only while the database reports no
 * change at all since it was read (db/kept-reads.ts; a revocation, a deletion or a suspension is a change),
 * which the engine's own counters tell every process at once. On PostgreSQL the change mark learns of
 * another instance's commit only when its notice arrives, a moment later, and an ended session must be
 * refused by every instance from the next request: there each request reads its session (one lookup by
 * primary key). Expiry and idleness are compared against the clock on every call.
 */
export function createSessionCheck(db: Db) {
  const known = keptReads<string, KnownSession>(db, KNOWN_SESSIONS);
  const markNow = db.dialect === "sqlite" ? known.mark : () => undefined;

  async function read(sessionId: string, mark: number | undefined): Promise<KnownSession | undefined> {
    const row = await findSession(db, sessionId);
    if (!row) return undefined;
    const { expiresAt, lastSeenAt, ...user } = row;
    const session = {
      user: Object.freeze(user),
      expiresAt: Date.parse(expiresAt),
      lastSeenAt: Date.parse(lastSeenAt),
    };
    known.keep(sessionId, session, { mark });
    return session;
  }

  return async function useSession(sessionId: string, at: Date): Promise<AuthUser | null> {
    const mark = markNow();
    const session = known.unchanged(sessionId, mark) ?? (await read(sessionId, mark));
    const time = at.getTime();
    if (!session || session.expiresAt <= time) return null;
    if (session.lastSeenAt <= time - SESSION_IDLE_MINUTES * 60_000) return null;
    if (time - session.lastSeenAt >= SESSION_TOUCH_INTERVAL_MS) {
      await db.kysely
        .updateTable("sessions")
        .set({ lastSeenAt: at.toISOString() })
        .where("id", "=", sessionId)
        .execute();
    }
    return session.user;
  };
}

/**
 * Whether the session proved its owner within REAUTHENTICATION_MINUTES: at sign-in, or since through a
 * password or a code (markReauthenticated). Read only by routes that change sign-in factors, so the check
 * of every other request stays as it is.
 */
export async function hasFreshProof(db: Db, sessionId: string, at: Date): Promise<boolean> {
  const row = await db.kysely
    .selectFrom("sessions")
    .select(["createdAt", "reauthenticatedAt"])
    .where("id", "=", sessionId)
    .executeTakeFirst();
  if (!row) return false;
  const proven = Math.max(
    Date.parse(row.createdAt),
    row.reauthenticatedAt ? Date.parse(row.reauthenticatedAt) : 0,
  );
  return at.getTime() - proven <= REAUTHENTICATION_MINUTES * 60_000;
}

/** Stamps a proof on the session (password or code checked just now). */
export async function markReauthenticated(db: Executor, sessionId: string, at: Date) {
  await db
    .updateTable("sessions")
    .set({ reauthenticatedAt: at.toISOString() })
    .where("id", "=", sessionId)
    .execute();
}
