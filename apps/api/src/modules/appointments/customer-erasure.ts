import type { Executor } from "#api/db/schema";

/**
 * An erased customer's appointments keep what the consultants' counts need, without the customer's words:
 * the description and any cancellation reason become the reason given, the support contact goes. (Their
 * user_email follows the account's by the database's own trigger.) Answers the appointments' guidIds, so
 * their history and notes can be emptied too.
 */
export async function eraseCustomerWords(db: Executor, userId: number, reason: string) {
  await db
    .updateTable("appointments")
    .set({ description: reason, supportContact: null })
    .where("userId", "=", userId)
    .execute();
  await db
    .updateTable("appointments")
    .set({ cancellationReason: reason })
    .where("userId", "=", userId)
    .where("cancellationReason", "is not", null)
    .execute();
  const rows = await db.selectFrom("appointments").select("guidId").where("userId", "=", userId).execute();
  return rows.map((row) => row.guidId);
}
