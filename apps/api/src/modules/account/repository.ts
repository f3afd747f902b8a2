import { sql } from "kysely";
import type { Executor } from "#api/db/schema";

export function findMe(db: Executor, userId: number) {
  return db
    .selectFrom("users")
    .select([
      "id",
      "guidId",
      "userName",
      "email",
      "firstName",
      "lastName",
      "phoneNumber",
      "profilePic",
      "role",
      "passwordHash",
      "isPasswordTemporary",
    ])
    .where("id", "=", userId)
    .where("deletedAt", "is", null)
    .executeTakeFirstOrThrow();
}

export function updateProfile(
  db: Executor,
  userId: number,
  profile: { firstName: string; lastName: string; phoneNumber: string | null; profilePic?: string },
  at: string,
) {
  return (
    db
      .updateTable("users")
      // The owner's own edit moves the account's version too: an Admin's view of it is then stale.
      .set({ ...profile, updatedAt: at, version: sql<number>`version + 1` })
      .where("id", "=", userId)
      .execute()
  );
}

export function endTemporaryPassword(db: Executor, userId: number) {
  return db.updateTable("users").set({ isPasswordTemporary: false }).where("id", "=", userId).execute();
}

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
export async function revokeOwnSession(db: Executor, userId: number, sessionId: string, at: string) {
  const result = await db
    .updateTable("sessions")
    .set({ revokedAt: at })
    .where("id", "=", sessionId)
    .where("userId", "=", userId)
    .where("revokedAt", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
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
