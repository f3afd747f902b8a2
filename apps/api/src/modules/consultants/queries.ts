import type { Executor } from "#api/db/schema";
import { isNumericId } from "#api/lib/ids";

/* What other modules may read of the consultants without their service: the scheduling's hours. */

/** A consultant by guidId or numeric id, with its zone (null = the business zone). */
export function findConsultantZone(db: Executor, reference: string | number) {
  const numeric = typeof reference === "number" || isNumericId(reference);
  return db
    .selectFrom("consultants")
    .select(["id", "guidId", "timeZone", "deletedAt"])
    .where(numeric ? "id" : "guidId", "=", numeric ? Number(reference) : String(reference))
    .executeTakeFirst();
}

/** The weekday texts of the consultant's active timings that are not deleted. */
export function activeTimingsOf(db: Executor, consultantId: number) {
  return db
    .selectFrom("consultantTimings")
    .select(["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"])
    .where("consultantId", "=", consultantId)
    .where("isDeleted", "=", false)
    .where("isActive", "=", true)
    .execute();
}
