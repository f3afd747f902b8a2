import { ERASED_ACTOR_NAME } from "#api/db/migrations/024-customer-accounts";
import type { Executor } from "#api/db/schema";

/**
 * An erased person's history keeps that things happened, not what they were: the rows about them lose
 * their values and subject, and the rows they wrote name them only as erased. The only updates the
 * history ever takes (the database allows these columns alone).
 */
export async function eraseFromHistory(db: Executor, guidId: string) {
  await db
    .updateTable("auditLog")
    .set({ changes: "{}", subject: null })
    .where("entityId", "=", guidId)
    .execute();
  await db
    .updateTable("auditLog")
    .set({ actorName: ERASED_ACTOR_NAME })
    .where("actorGuidId", "=", guidId)
    .execute();
}
