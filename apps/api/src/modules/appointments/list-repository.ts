import type { AppointmentListQuery } from "@visadesk/contract/appointments";
import type { SortOrder } from "@visadesk/contract/lists";
import type { AppointmentSort } from "@visadesk/contract/lists-constants";
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from "kysely";
import { type CsvCell, copyOf } from "#api/db/csv-copy";
import { boundedTotal, exactTotal, type ListTotal, readRowCounts } from "#api/db/list-total";
import type { Database, Executor } from "#api/db/schema";
import {
  appointmentStatusKey,
  columnKey,
  keyColumns,
  keysetPages,
  orderOf,
  type SortKeys,
  textKey,
} from "#api/db/sorting";
import { chainPages, type PageReader } from "#api/lib/lists";
import { type AppointmentRecord, byDate, newestFirst, selectAppointments } from "./repository";

/** The appointments list's queries: a page in the order asked, its total, and the export of all of it. */

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
