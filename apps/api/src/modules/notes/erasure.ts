import type { Executor } from "#api/db/schema";

/** What an erased customer's notes say instead: staff's words about them are personal data too. */
export const REDACTED_NOTE = "[Redacted: the customer erased their account]";

/**
 * Redacts every note on these records (an erased customer's account and appointments), keeping that a note
 * was written and by whom; answers the notes' guidIds, so their history can be emptied too.
 */
export async function redactNotesOn(db: Executor, records: { entity: string; ids: string[] }[]) {
  const guidIds: string[] = [];
  for (const { entity, ids } of records) {
    if (ids.length === 0) continue;
    const rows = await db
      .updateTable("notes")
      .set({ text: REDACTED_NOTE })
      .where("entity", "=", entity)
      .where("entityId", "in", ids)
      .returning("guidId")
      .execute();
    guidIds.push(...rows.map((row) => row.guidId));
  }
  return guidIds;
}
