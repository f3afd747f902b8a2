import type { AppointmentListQuery } from "@visadesk/contract/appointments";
import type { SortOrder } from "@visadesk/contract/lists";
import type { AppointmentSort } from "@visadesk/contract/lists-constants";
import {
  type Expression,
  type ExpressionBuilder,
  expressionBuilder,
  type SqlBool,
  sql,
  type Updateable,
} from "kysely";
import { type CsvCell, copyOf } from "#api/db/csv-copy";
import type { Db } from "#api/db/database";
import {
  boundedTotal,
  EXACT_TOTAL_LIMIT,
  exactTotal,
  type ListTotal,
  readRowCounts,
} from "#api/db/list-total";
import type { AppointmentsTable, Database, Executor, NewAppointmentRow } from "#api/db/schema";
import { matchesTerm, type SearchTerm, sampleWhere, windowOf } from "#api/db/search";
import {
  appointmentStatusKey,
  columnKey,
  keyColumns,
  keysetPages,
  orderOf,
  type SortKeys,
  textKey,
} from "#api/db/sorting";
import { isNumericId } from "#api/lib/ids";
import { chainPages, type PageReader } from "#api/lib/lists";

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

/**
 * An active account that is not deleted, by guidId or id; with `evenDeletedId`, that one account also when
 * deleted (an appointment kept after its customer's delete can still be edited, cancelled).
 */
export function findUser(db: Executor, reference: string | number, evenDeletedId?: number) {
  const { column, value } = byReference(reference);
  return db
    .selectFrom("users")
    .select(["id", "guidId", "email", "role", "timeZone"])
    .where(column, "=", value)
    .where((eb) =>
      evenDeletedId === undefined
        ? eb("deletedAt", "is", null)
        : eb.or([eb("deletedAt", "is", null), eb("id", "=", evenDeletedId)]),
    )
    .where("status", "=", "active")
    .executeTakeFirst();
}

/** An account by guidId or id, whatever its state: the customer an appointments list is narrowed to. */
export function findCustomer(db: Executor, reference: string) {
  const { column, value } = byReference(reference);
  return db.selectFrom("users").select("id").where(column, "=", value).executeTakeFirst();
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
      "users.firstName as customerFirstName",
      "users.lastName as customerLastName",
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
      "users.deletedAt as customerDeletedAt",
      "appointments.reminderSentAt",
      "appointments.startsAt",
      "appointments.endsAt",
      "appointments.attendance",
      "appointments.isOutsideHours",
      "appointments.outsideHoursBy",
      "appointments.isBookedByCustomer",
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
/**
 * Marks a reminder sent now unless one was sent after `since`: the condition is the UPDATE's own, so of
 * simultaneous asks only one gets the appointment. False when a recent reminder stopped it.
 */
export async function claimReminder(db: Executor, id: number, at: string, since: string): Promise<boolean> {
  const result = await db
    .updateTable("appointments")
    .set({ reminderSentAt: at })
    .where("id", "=", id)
    .where((eb) => eb.or([eb("reminderSentAt", "is", null), eb("reminderSentAt", "<=", since)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Gives back a claim whose mail could not be sent, unless another reminder has been recorded since. */
export function releaseReminder(db: Executor, id: number, claimedAt: string, before: string | null) {
  return db
    .updateTable("appointments")
    .set({ reminderSentAt: before })
    .where("id", "=", id)
    .where("reminderSentAt", "=", claimedAt)
    .execute();
}

export function findAppointmentRow(db: Executor, id: number) {
  return db.selectFrom("appointments").selectAll().where("id", "=", id).executeTakeFirst();
}

export interface AppointmentFilters {
  status?: AppointmentListQuery["status"];
  consultantId?: number;
  from?: string;
  to?: string;
  attendance?: AppointmentListQuery["attendance"];
  paid?: boolean;
  /** The customer's row id. */
  userId?: number;
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
    if (filters.paid !== undefined) conditions.push(eb("appointments.isPaid", "=", filters.paid));
    if (filters.userId !== undefined) conditions.push(eb("appointments.userId", "=", filters.userId));
    if (filters.status === "Cancelled") conditions.push(eb("appointments.isCancelled", "=", true));
    if (filters.status === "Confirmed" || filters.status === "Pending") {
      conditions.push(eb("appointments.isCancelled", "=", false));
      conditions.push(eb("appointments.isConfirmed", "=", filters.status === "Confirmed"));
    }
    return eb.and(conditions);
  };
}

/** The key each order reads the list by; each is held by an index (appointments_by_*, migration 013). */
const byDate: SortKeys = [
  columnKey("appointments.appointmentDate"),
  columnKey("appointments.appointmentTime"),
  columnKey("appointments.id"),
];
/**
 * The customer and consultant sorts read the appointment's own copies of the customer's email and the
 * consultant's name, which migration 018 keeps in step with their records: an index can hold those.
 */
const sortKeys: Record<AppointmentSort, SortKeys> = {
  date: byDate,
  createdAt: [columnKey("appointments.createdAt"), columnKey("appointments.id")],
  customer: [textKey("appointments.userEmail"), columnKey("appointments.id")],
  consultant: [textKey("appointments.consultantName"), columnKey("appointments.id")],
  status: [appointmentStatusKey, columnKey("appointments.id")],
};

/**
 * The parts of a list in order, each one index range read in one direction. Sorted: one part. By default
 * (upcoming first): from `today` on, soonest first; then the past, latest first. Each part is read from
 * appointments_by_date (or the consultant's or customer's own index), forwards or backwards, never sorted.
 */
function partsOf(sort: SortOrder<AppointmentSort> | undefined, today: string) {
  if (sort) return [{ keys: sortKeys[sort.field], descending: sort.descending, range: undefined }];
  return [
    { keys: byDate, descending: false, range: [">=", today] as const },
    { keys: byDate, descending: true, range: ["<", today] as const },
  ];
}
type Part = ReturnType<typeof partsOf>[number];

function partQuery(db: Executor, filters: AppointmentFilters, part: Part) {
  let query = selectAppointments(db).where(matching(filters)).orderBy(orderOf(part.keys, part.descending));
  if (part.range) query = query.where("appointments.appointmentDate", part.range[0], part.range[1]);
  return query;
}

/** How many appointments of a part match: the upcoming ones, when a page starts past them. */
async function countPart(db: Executor, filters: AppointmentFilters, part: Part) {
  let query = db
    .selectFrom("appointments")
    .where(matching(filters))
    .select((eb) => eb.fn.countAll<number>().as("count"));
  if (part.range) query = query.where("appointments.appointmentDate", part.range[0], part.range[1]);
  return Number((await query.executeTakeFirstOrThrow()).count);
}

/**
 * One page (or, without `page`, all) of the list in the order asked; without a sort, upcoming first:
 * today, then later, each soonest first; past ones after, latest first. `today` is the business date.
 */
export async function listAppointments(
  db: Executor,
  filters: AppointmentFilters,
  page?: { limit: number; offset: number },
  order: { sort?: SortOrder<AppointmentSort> | undefined; today: string } = { today: "9999-12-31" },
) {
  const rows: AppointmentRecord[] = [];
  let offset = page?.offset ?? 0;
  for (const part of partsOf(order.sort, order.today)) {
    let query = partQuery(db, filters, part);
    if (page) query = query.limit(page.limit - rows.length).offset(offset);
    const found = await query.execute();
    rows.push(...found);
    if (page && rows.length >= page.limit) break;
    // The next part starts where this one ended: skip what of the offset this part did not use.
    if (offset > 0) {
      const partSize = found.length > 0 ? offset + found.length : await countPart(db, filters, part);
      offset = Math.max(0, offset - partSize);
    }
  }
  return rows;
}

/** Every appointment of the list, in its order, a keyset page at a time (see exportConsultants). */
export function exportAppointments(
  db: Executor,
  filters: AppointmentFilters,
  order: { sort?: SortOrder<AppointmentSort> | undefined; today: string },
  pageSize: number,
): PageReader<AppointmentRecord> {
  return chainPages(
    partsOf(order.sort, order.today).map((part) =>
      keysetPages(part.keys, part.descending, pageSize, async (after) => {
        let query = partQuery(db, filters, part).select(keyColumns(part.keys)).limit(pageSize);
        if (after) query = query.where(after);
        return (await query.execute()) as Array<AppointmentRecord & Record<string, unknown>>;
      }),
    ),
  );
}

/** The same export as COPY statements (PostgreSQL), one a part, writing the given cells. */
export const copyAppointments = (
  db: Executor,
  filters: AppointmentFilters,
  order: { sort?: SortOrder<AppointmentSort> | undefined; today: string },
  cells: readonly CsvCell[],
) => partsOf(order.sort, order.today).map((part) => copyOf(partQuery(db, filters, part), cells));

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
 * EXACT_TOTAL_LIMIT matches (read in the list's index order) and an estimate (marked so) above it, or
 * always exact when `exact` (list-total.ts).
 */
export async function countAppointments(
  db: Executor,
  filters: AppointmentFilters,
  exact = false,
): Promise<ListTotal> {
  const population = async () => (await readRowCounts(db, ["appointments"])).appointments;
  const filtered = Object.values(filters).some((value) => value !== undefined);
  if (!filtered) return { total: await population() };
  const countMatches = async (limit: number) => {
    const found = newestFirst(db).where(matching(filters)).select(sql<number>`1`.as("one")).limit(limit);
    const row = await db
      .selectFrom(found.as("found"))
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  };
  if (exact) return exactTotal(countMatches);
  return boundedTotal({
    countUpTo: countMatches,
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

/**
 * The appointments of the given accounts and consultants, newest date first (at most `limit`), and their
 * total: read by appointments_by_user and appointments_by_consultant.
 */
export async function appointmentsOf(
  db: Db,
  people: { users: number[]; consultants: number[] },
  limit: number,
): Promise<{ rows: AppointmentRecord[]; total: ListTotal }> {
  const parts = [
    ...(people.users.length
      ? [db.kysely.selectFrom("appointments").select("id").where("userId", "in", people.users)]
      : []),
    ...(people.consultants.length
      ? [db.kysely.selectFrom("appointments").select("id").where("consultantId", "in", people.consultants)]
      : []),
  ];
  const [first, second] = parts;
  if (!first) return { rows: [], total: { total: 0 } };
  // One set of ids, probed by primary key: the date order is then a sort of these few rows.
  const ids = second ? first.union(second) : first;
  const found = (eb: ExpressionBuilder<Database, "appointments">) => eb("appointments.id", "in", ids);
  const countUpTo = async (cap: number) => {
    const row = await db.kysely
      .selectFrom(ids.limit(cap).as("found"))
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  };
  // Counted first: at most 1,000 people of each kind hold few appointments, read from two indexes; the
  // newest appointments are sampled only when there are more, to estimate.
  const total = async (): Promise<ListTotal> => {
    const counted = await countUpTo(EXACT_TOTAL_LIMIT + 1);
    if (counted <= EXACT_TOTAL_LIMIT) return { total: counted };
    return boundedTotal({
      countUpTo: async () => counted,
      sample: (size) =>
        sampleWhere(db, newestFirst(db.kysely), found(expressionBuilder<Database, "appointments">()), size),
      population: () => appointmentPopulation(db),
    });
  };
  const [rows, counted] = await Promise.all([
    selectAppointments(db.kysely).where(found).orderBy(orderOf(byDate, true)).limit(limit).execute(),
    total(),
  ]);
  return { rows, total: counted };
}

/** How many appointments there are, from the counter. */
export async function appointmentPopulation(db: Db): Promise<number> {
  return (await readRowCounts(db.kysely, ["appointments"])).appointments;
}

/**
 * The header search on the newest `size` appointments (modules/search/window.ts), each tested by its
 * customer's and consultant's text in one pass: the first `limit` that match, newest date first, and how
 * many of the `size` matched.
 */
export async function appointmentsInWindow(db: Db, term: SearchTerm, limit: number, size: number) {
  // Each test is one lookup by key: the OFFSET keeps PostgreSQL from planning it as a hash of every
  // matching person instead, which reads the whole table for a common term.
  const hit = (eb: ExpressionBuilder<Database, "appointments">) =>
    eb.or([
      eb.exists(
        eb
          .selectFrom("users")
          .select(sql<number>`1`.as("one"))
          .whereRef("users.id", "=", "appointments.userId")
          .where(matchesTerm(db, "users", term))
          .limit(1)
          .offset(0),
      ),
      eb.exists(
        eb
          .selectFrom("consultants")
          .select(sql<number>`1`.as("one"))
          .whereRef("consultants.id", "=", "appointments.consultantId")
          .where(matchesTerm(db, "consultants", term))
          .limit(1)
          .offset(0),
      ),
    ]);
  const { ids, ...window } = await windowOf(
    "appointments",
    newestFirst(db.kysely),
    hit(expressionBuilder<Database, "appointments">()),
    size,
    limit,
  );
  const rows = ids.length
    ? await selectAppointments(db.kysely)
        .where("appointments.id", "in", ids)
        .orderBy(orderOf(byDate, true))
        .execute()
    : [];
  return { rows, window };
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
