import type { Executor } from "#api/db/schema";

/**
 * An erased customer's appointments keep what the consultants' counts need, without the customer's words:
 * the description becomes the reason given, the support contact goes. (Their user_email follows the
 * account's by the database's own trigger.)
 */
export async function eraseCustomerWords(db: Executor, userId: number, reason: string) {
  await db
    .updateTable("appointments")
    .set({ description: reason, supportContact: null })
    .where("userId", "=", userId)
    .execute();
}
