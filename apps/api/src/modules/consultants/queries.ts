import type { Executor } from "#api/db/schema";
import { byReference } from "#api/lib/ids";

/*
 * What other modules may read of the consultants without their service: the hours, the history's names,
 * the customers' bookings.
 */

/** A consultant by guidId or numeric id, with its zone (null = the business zone). */
export function findConsultantZone(db: Executor, reference: string | number) {
  const { column, value } = byReference(reference);
  return db
    .selectFrom("consultants")
    .select(["id", "guidId", "timeZone", "deletedAt"])
    .where(column, "=", value)
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

/** The names of the consultants with these guids (deleted ones too), in one query. */
export function consultantsByGuid(db: Executor, guidIds: string[]) {
  if (guidIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("consultants")
    .select(["guidId", "name", "businessName"])
    .where("guidId", "in", guidIds)
    .execute();
}

/** A consultant by guidId or id, deleted or not, as an appointment names it (callers decide what a deleted one may still do). */
export function findAppointmentConsultant(db: Executor, reference: string | number) {
  const { column, value } = byReference(reference);
  return db
    .selectFrom("consultants")
    .select(["id", "guidId", "name", "contactEmail", "timeZone", "deletedAt"])
    .where(column, "=", value)
    .executeTakeFirst();
}

/** A consultant a customer may book: approved and not deleted, by guidId. */
export function findBookableConsultant(db: Executor, guidId: string) {
  return db
    .selectFrom("consultants")
    .select(["id", "guidId", "timeZone"])
    .where("guidId", "=", guidId)
    .where("isApproved", "=", true)
    .where("deletedAt", "is", null)
    .executeTakeFirst();
}

/** A consultant's office address and fee, as an appointment's mails tell them. */
export function consultantOfficeAndFee(db: Executor, guidId: string) {
  return db
    .selectFrom("consultants")
    .select(["address", "fee"])
    .where("guidId", "=", guidId)
    .executeTakeFirst();
}
