import type { UpdateQueryBuilder, UpdateResult } from "kysely";
import type { Timestamp } from "./column-types";
import type { Database } from "./schema";

/** The columns a sign-in session table ends a session by: staff's sessions and the customers' devices. */
interface SessionRow {
  id: string;
  userId: number;
  revokedAt: Timestamp | null;
}

/** The tables whose rows are sessions of one account each. */
export type SessionTable = {
  [T in keyof Database]: Database[T] extends SessionRow ? T : never;
}[keyof Database];

/**
 * Ends one live session, scoped to its owner so nobody ends another's; false when the account has no such
 * live session. The owning module passes its own `updateTable`, so the table stays named where it is owned.
 */
export async function revokeLiveSession<T extends SessionTable>(
  update: UpdateQueryBuilder<Database, T, T, UpdateResult>,
  userId: number,
  sessionId: string,
  at: string,
): Promise<boolean> {
  // Every SessionTable has these columns: the builder is read as a table of just them to name them.
  const query = update as unknown as UpdateQueryBuilder<
    { session: SessionRow },
    "session",
    "session",
    UpdateResult
  >;
  const result = await query
    .set({ revokedAt: at })
    .where("id", "=", sessionId)
    .where("userId", "=", userId)
    .where("revokedAt", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
