import type { AppointmentListQuery } from "@visadesk/contract/appointments";
import {
  type Expression,
  type ExpressionBuilder,
  type Kysely,
  type SqlBool,
  sql,
  type Updateable,
} from "kysely";
import { boundedTotal, type ListTotal, readRowCounts } from "../../db/list-total";
import type { AppointmentsTable, Database, NewAppointmentRow } from "../../db/schema";
import { isNumericId } from "../../lib/ids";

type Executor = Kysely<Database>;

/** A guidId, or a numeric id written as digits. */
const byReference = (reference: string | number) =>
  typeof reference === "number" || isNumericId(reference)
    ? ({ column: "id", value: Number(reference) } as const)
    : ({ column: "guidId", value: reference } as const);

/** A consultant by guidId or id, deleted or not (callers decide what a deleted one may still do). */
export function findConsultant(db: Executor, reference: string | number) {
  const { column, value } = byReference(reference);
  return db
    .selectFrom("consultants")
    .select(["id", "guidId", "name", "contactEmail", "timeZone", "deletedAt"])
    .where(column, "=", value)
    .executeTakeFirst();
}

/** An active account that is not deleted, by guidId or id. */
export function findUser(db: Executor, reference: string | number) {
  const { column, value } = byReference(reference);
  return db
    .selectFrom("users")
    .select(["id", "guidId", "email", "role", "timeZone"])
    .where(column, "=", value)
    .where("deletedAt", "is", null)
    .where("status", "=", "active")
    .executeTakeFirst();
}

/** Appointments with the guidIds of their user and consultant (the API answers guidIds, not row ids). */
function selectAppointments(db: Executor) {
  return db
    .selectFrom("appointments")
    .innerJoin("users", "users.id", "appointments.userId")
    .innerJoin("consultants", "consultants.id", "appointments.consultantId")
    .select([
      "appointments.id",
      "appointments.guidId",
      "users.guidId as userGuidId",
      "users.email as userEmail",
      "users.timeZone as userTimeZone",
      "consultants.guidId as consultantGuidId",
      "consultants.name as consultantName",
      "consultants.contactEmail as consultantEmail",
      "consultants.timeZone as consultantTimeZone",
      "appointments.appointmentDate",
      "appointments.appointmentTime",
      "appointments.description",
      "appointments.supportContact",
      "appointments.isConfirmed",
      "appointments.isCancelled",
      "appointments.isPaid",
      "appointments.confirmedAt",
      "appointments.confirmedBy",
      "appointments.cancelledAt",
      "appointments.cancelledBy",
      "appointments.cancellationReason",
      "consultants.deletedAt as consultantDeletedAt",
      "appointments.reminderSentAt",
      "appointments.startsAt",
      "appointments.endsAt",
      "appointments.attendance",
      "appointments.isOutsideHours",
      "appointments.outsideHoursBy",
      "appointments.createdAt",
      "appointments.updatedAt",
      "appointments.version",
    ]);
}
export type AppointmentRecord = Awaited<ReturnType<ReturnType<typeof selectAppointments>["execute"]>>[number];

export function findAppointment(db: Executor, reference: string | number) {
  const { column, value } = byReference(reference);
  return selectAppointments(db).where(`appointments.${column}`, "=", value).executeTakeFirst();
}

/** The stored row, for the rules of an update (flags before the change). */
export function findAppointmentRow(db: Executor, id: number) {
  return db.selectFrom("appointments").selectAll().where("id", "=", id).executeTakeFirst();
}

export interface AppointmentFilters {
  status?: AppointmentListQuery["status"];
  consultantId?: number;
  from?: string;
  to?: string;
  attendance?: AppointmentListQuery["attendance"];
}

/** The list filters as one condition, usable on the joined list query and the plain count query. */
function matching(filters: AppointmentFilters) {
  return (eb: ExpressionBuilder<Database, "appointments">) => {
    const conditions: Expression<SqlBool>[] = [];
    if (filters.consultantId !== undefined)
      conditions.push(eb("appointments.consultantId", "=", filters.consultantId));
    if (filters.from) conditions.push(eb("appointments.appointmentDate", ">=", filters.from));
    if (filters.to) conditions.push(eb("appointments.appointmentDate", "<=", filters.to));
    if (filters.attendance) conditions.push(eb("appointments.attendance", "=", filters.attendance));
    if (filters.status === "Cancelled") conditions.push(eb("appointments.isCancelled", "=", true));
    if (filters.status === "Confirmed" || filters.status === "Pending") {
      conditions.push(eb("appointments.isCancelled", "=", false));
      conditions.push(eb("appointments.isConfirmed", "=", filters.status === "Confirmed"));
    }
    return eb.and(conditions);
  };
}

/** Newest date and time first; the order matches the appointments_by_* indexes, so pages stay fast. */
export function listAppointments(
  db: Executor,
  filters: AppointmentFilters,
  page?: { limit: number; offset: number },
) {
  let query = selectAppointments(db)
    .where(matching(filters))
    .orderBy("appointments.appointmentDate", "desc")
    .orderBy("appointments.appointmentTime", "desc")
    .orderBy("appointments.id", "desc");
  if (page) query = query.limit(page.limit).offset(page.offset);
  return query.execute();
}

/**
 * The calendar's appointments: those of a few consultants dated from `from` to `to` (both inclusive),
 * earliest first. Each consultant's dates are one range of appointments_by_consultant.
 */
export function calendarAppointments(db: Executor, consultantIds: number[], from: string, to: string) {
  return selectAppointments(db)
    .where("appointments.consultantId", "in", consultantIds)
    .where("appointments.appointmentDate", ">=", from)
    .where("appointments.appointmentDate", "<=", to)
    .orderBy("appointments.appointmentDate")
    .orderBy("appointments.appointmentTime")
    .orderBy("appointments.id")
    .execute();
}

const newestFirst = (db: Executor) =>
  db
    .selectFrom("appointments")
    .orderBy("appointments.appointmentDate", "desc")
    .orderBy("appointments.appointmentTime", "desc")
    .orderBy("appointments.id", "desc");

/**
 * The total of the list: the database's counter without a filter; with filters, exact up to
 * EXACT_TOTAL_LIMIT matches (read in the list's index order) and an estimate (marked so) above it.
 */
export async function countAppointments(db: Executor, filters: AppointmentFilters): Promise<ListTotal> {
  const population = async () => (await readRowCounts(db, ["appointments"])).appointments;
  const filtered = Object.values(filters).some((value) => value !== undefined);
  if (!filtered) return { total: await population() };
  return boundedTotal({
    async countUpTo(limit) {
      const found = newestFirst(db).where(matching(filters)).select(sql<number>`1`.as("one")).limit(limit);
      const row = await db
        .selectFrom(found.as("found"))
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },
    async sample(size) {
      const newest = newestFirst(db)
        .select((eb) => eb.case().when(matching(filters)(eb)).then(1).else(0).end().as("hit"))
        .limit(size);
      const row = await db
        .selectFrom(newest.as("newest"))
        .select((eb) => [eb.fn.countAll<number>().as("seen"), eb.fn.sum<number>("hit").as("hits")])
        .executeTakeFirstOrThrow();
      return { seen: Number(row.seen), hits: Number(row.hits ?? 0) };
    },
    population,
  });
}

export async function insertAppointment(db: Executor, appointment: NewAppointmentRow): Promise<number> {
  const row = await db
    .insertInto("appointments")
    .values(appointment)
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

type AppointmentChanges = Omit<
  Updateable<AppointmentsTable>,
  "id" | "guidId" | "createdAt" | "createdBy" | "version"
>;

/** Bookkeeping that is not one of the appointment's editable fields (reminderSentAt): the version stays. */
export function updateAppointment(db: Executor, id: number, changes: AppointmentChanges) {
  return db.updateTable("appointments").set(changes).where("id", "=", id).executeTakeFirst();
}

/**
 * An edit of the appointment's fields: moves its version (migration 009), only while the version is still
 * `expected` when given, checked in the UPDATE's own condition. False when no row matched.
 */
export async function editAppointment(
  db: Executor,
  id: number,
  changes: AppointmentChanges,
  expected: number | undefined,
): Promise<boolean> {
  let query = db
    .updateTable("appointments")
    .set({ ...changes, version: sql<number>`version + 1` })
    .where("id", "=", id);
  if (expected !== undefined) query = query.where("version", "=", expected);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Deletes the appointment, only while it is still at `expected` when given. False when no row matched. */
export async function deleteAppointment(db: Executor, id: number, expected?: number): Promise<boolean> {
  let query = db.deleteFrom("appointments").where("id", "=", id);
  if (expected !== undefined) query = query.where("version", "=", expected);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
