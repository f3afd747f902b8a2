import type { Executor, NewTimeOffRow } from "#api/db/schema";
import { isNumericId } from "#api/lib/ids";

/** Time off of a consultant that touches [from, to] (all of it when no range is given), earliest first. */
export function timeOffOf(db: Executor, consultantId: number, range?: { from: string; to: string }) {
  let query = db
    .selectFrom("consultantTimeOff")
    .selectAll()
    .where("consultantId", "=", consultantId)
    .orderBy("fromDate")
    .orderBy("id");
  if (range) query = query.where("fromDate", "<=", range.to).where("toDate", ">=", range.from);
  return query.execute();
}
export type TimeOffRecord = Awaited<ReturnType<typeof timeOffOf>>[number];

export function insertTimeOff(db: Executor, row: NewTimeOffRow) {
  return db.insertInto("consultantTimeOff").values(row).returningAll().executeTakeFirstOrThrow();
}

/** Deletes one time off of the consultant (by guidId or numeric id); the deleted row, if there was one. */
export function deleteTimeOff(db: Executor, consultantId: number, reference: string) {
  const numeric = isNumericId(reference);
  return db
    .deleteFrom("consultantTimeOff")
    .where("consultantId", "=", consultantId)
    .where(numeric ? "id" : "guidId", "=", numeric ? Number(reference) : reference)
    .returningAll()
    .executeTakeFirst();
}
