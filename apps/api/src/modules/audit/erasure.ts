import { ERASED_ACTOR_NAME } from "#api/db/migrations/024-customer-accounts";
import type { Executor } from "#api/db/schema";

/**
 * An erased person's history keeps that things happened, not what they were: the rows about them (and
 * about `records` of theirs: their appointments, the notes on them) lose their values and subject, as do
 * the rows linked to any of these, and the rows they wrote name them only as erased. The only updates the
 * history ever takes (the database allows these columns alone).
 */
export async function eraseFromHistory(db: Executor, guidId: string, records: string[] = []) {
  const ids = [guidId, ...records];
  // In slices, so no statement carries more parameters than an engine takes.
  for (let start = 0; start < ids.length; start += 500) {
    const slice = ids.slice(start, start + 500);
    await db
      .updateTable("auditLog")
      .set({ changes: "{}", subject: null })
      .where((eb) => eb.or([eb("entityId", "in", slice), eb("aboutEntityId", "in", slice)]))
      .execute();
  }
  await db
    .updateTable("auditLog")
    .set({ actorName: ERASED_ACTOR_NAME })
    .where("actorGuidId", "=", guidId)
    .execute();
}
