import type { Executor } from "#api/db/schema";

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

/** How many appointments of the customer, not cancelled, are still to come. */
/**
 * Holds the customer's row until the transaction ends (PostgreSQL), so their bookings pass the count below
 * one after the other; SQLite's one writer already runs them so.
 */
export async function lockCustomer(db: Executor, userId: number, dialect: "sqlite" | "postgres") {
  if (dialect === "postgres") {
    await db.selectFrom("users").select("id").where("id", "=", userId).forUpdate().execute();
  }
}

export async function countUpcoming(db: Executor, userId: number, now: string): Promise<number> {
  const row = await db
    .selectFrom("appointments")
    .select((eb) => eb.fn.countAll().as("count"))
    .where("userId", "=", userId)
    .where("isCancelled", "=", false)
    .where("startsAt", ">", now)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The fields a customer's view of an appointment reads. */
const BOOKING_FIELDS = [
  "appointments.guidId",
  "appointments.startsAt",
  "appointments.endsAt",
  "appointments.isConfirmed",
  "appointments.isCancelled",
  "appointments.description",
  "appointments.cancellationReason",
  "consultants.guidId as consultantGuidId",
  "appointments.consultantName",
  "consultants.deletedAt as consultantDeletedAt",
] as const;

export type BookingRow = Awaited<ReturnType<typeof findBooking>> & object;

/** One appointment of this customer (another customer's is not found). */
export function findBooking(db: Executor, userId: number, guidId: string) {
  return db
    .selectFrom("appointments")
    .innerJoin("consultants", "consultants.id", "appointments.consultantId")
    .select(BOOKING_FIELDS)
    .where("appointments.guidId", "=", guidId)
    .where("appointments.userId", "=", userId)
    .executeTakeFirst();
}

/** The customer's upcoming ones (starting after now) or past ones. */
function bookingsWhen(db: Executor, userId: number, when: "upcoming" | "past", now: string) {
  return db
    .selectFrom("appointments")
    .where("appointments.userId", "=", userId)
    .where("appointments.startsAt", when === "upcoming" ? ">" : "<=", now);
}

/** Upcoming ones soonest first, or past ones latest first; at most `limit`. */
export function listBookings(
  db: Executor,
  userId: number,
  when: "upcoming" | "past",
  now: string,
  limit: number,
) {
  return bookingsWhen(db, userId, when, now)
    .innerJoin("consultants", "consultants.id", "appointments.consultantId")
    .select(BOOKING_FIELDS)
    .orderBy("appointments.startsAt", when === "upcoming" ? "asc" : "desc")
    .orderBy("appointments.id")
    .limit(limit)
    .execute();
}

/** How many upcoming or past ones the customer has (a list answers at most its limit of them). */
export async function countBookings(db: Executor, userId: number, when: "upcoming" | "past", now: string) {
  const row = await bookingsWhen(db, userId, when, now)
    .select((eb) => eb.fn.countAll().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
