import { sql } from "kysely";
import type { Executor, NewTimeOffRow } from "#api/db/schema";
import { isNumericId } from "#api/lib/ids";

/** A consultant by guidId or numeric id, with its zone (null = the business zone). */
export function findConsultant(db: Executor, reference: string | number) {
  const numeric = typeof reference === "number" || isNumericId(reference);
  return db
    .selectFrom("consultants")
    .select(["id", "guidId", "timeZone", "deletedAt"])
    .where(numeric ? "id" : "guidId", "=", numeric ? Number(reference) : String(reference))
    .executeTakeFirst();
}

/** The weekday texts of the consultant's active timings that are not deleted. */
export function timingsOf(db: Executor, consultantId: number) {
  return db
    .selectFrom("consultantTimings")
    .select(["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"])
    .where("consultantId", "=", consultantId)
    .where("isDeleted", "=", false)
    .where("isActive", "=", true)
    .execute();
}

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

/** Appointments of the consultant, not cancelled, that overlap [startsAt, endsAt) (ISO UTC). */
export function overlapping(
  db: Executor,
  consultantId: number,
  startsAt: string,
  endsAt: string,
  exceptId?: number,
) {
  let query = db
    .selectFrom("appointments")
    .select(["id", "startsAt", "endsAt"])
    .where("consultantId", "=", consultantId)
    .where("isCancelled", "=", false)
    .where("startsAt", "<", endsAt)
    .where("endsAt", ">", startsAt);
  if (exceptId !== undefined) query = query.where("id", "!=", exceptId);
  return query.execute();
}

/** How many appointments of a consultant or a user were marked NoShow. */
export async function noShowCount(db: Executor, by: { consultantId: number } | { userId: number }) {
  const row = await db
    .selectFrom("appointments")
    .select(sql<number>`count(*)`.as("count"))
    .where("attendance", "=", "NoShow")
    .where(
      "consultantId" in by ? "consultantId" : "userId",
      "=",
      "consultantId" in by ? by.consultantId : by.userId,
    )
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
