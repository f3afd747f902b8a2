import type { Executor } from "#api/db/schema";

/** Which of these notifications the user has marked read. */
export async function readMarks(db: Executor, userId: number, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom("notificationReads")
    .select("notificationId")
    .where("userId", "=", userId)
    .where("notificationId", "in", ids)
    .execute();
  return new Set(rows.map((row) => row.notificationId));
}

/** Marks notifications read; one already marked keeps its first mark. */
export async function insertReadMarks(db: Executor, userId: number, ids: string[], readAt: string) {
  if (ids.length === 0) return;
  await db
    .insertInto("notificationReads")
    .values(ids.map((notificationId) => ({ userId, notificationId, readAt })))
    .onConflict((oc) => oc.columns(["userId", "notificationId"]).doNothing())
    .execute();
}
