import type { Executor } from "#api/db/schema";

/*
 * A customer's own appointments as the customer API shows them (customer-bookings): each with its
 * consultant, joined in the one query of the list.
 */

/** How many appointments of the customer, not cancelled, are still to come. */
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
  "consultants.officeNumber as consultantOfficeNumber",
  "consultants.phoneNumber as consultantPhoneNumber",
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
