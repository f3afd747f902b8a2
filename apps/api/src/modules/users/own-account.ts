import { sql } from "kysely";
import type { Executor } from "#api/db/schema";

/* The signed-in person's own account record, as the account module (My account) reads and edits it. */

/** The signed-in person's account, with what My account shows and the password checks need. */
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

/** Saves the profile fields the owner edits. */
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

/** The owner chose a password: the printed one-time password no longer holds the account back. */
export function endTemporaryPassword(db: Executor, userId: number) {
  return db.updateTable("users").set({ isPasswordTemporary: false }).where("id", "=", userId).execute();
}
