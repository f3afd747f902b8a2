import { CONSULTANT_CSV_ORDER } from "@visadesk/contract/consultant-fields-constants";
import type { SortOrder } from "@visadesk/contract/lists";
import type { ConsultantSort } from "@visadesk/contract/lists-constants";
import { type Expression, type ExpressionBuilder, expressionBuilder, type SqlBool, sql } from "kysely";
import { type CsvCell, copyOf } from "#api/db/csv-copy";
import type { Db } from "#api/db/database";
import { boundedTotal, exactTotal, type ListTotal, readRowCounts } from "#api/db/list-total";
import type { Database } from "#api/db/schema";
import {
  countFromIndexesUpTo,
  countUpTo,
  matchesTerm,
  newestFirst,
  rowMatches,
  type SearchColumn,
  type SearchTerm,
  sampleMatches,
  sampleWhere,
  windowOf,
} from "#api/db/search";
import { columnKey, keyColumns, keysetPages, orderOf, type SortKeys, textKey } from "#api/db/sorting";
import type { PageReader } from "#api/lib/lists";
import { type ConsultantRecord, consultantColumns } from "./repository";

/** The consultant list: its filters and sorts, its total, its export, and the header search's reads. */

export interface ConsultantFilter {
  search?: string | undefined;
  approved?: boolean | undefined;
  premium?: boolean | undefined;
  /** Any of these countries (lowercased, as the list query's schema gives them). */
  country?: string[] | undefined;
}

/** The filters other than the search term as one condition (true when there are none). */
function filterCondition(filter: ConsultantFilter) {
  return (eb: ExpressionBuilder<Database, "consultants">) => {
    const conditions: Expression<SqlBool>[] = [];
    if (filter.approved !== undefined) conditions.push(eb("consultants.isApproved", "=", filter.approved));
    if (filter.premium !== undefined) conditions.push(eb("consultants.isPremium", "=", filter.premium));
    if (filter.country?.length) {
      // Its own rows (migration 019), whose statistics let the planner judge how many consultants match.
      conditions.push(
        eb.exists(
          eb
            .selectFrom("consultantCountries")
            .select(sql`1`.as("one"))
            .whereRef("consultantCountries.consultantId", "=", "consultants.id")
            .where("consultantCountries.country", "in", filter.country),
        ),
      );
    }
    return eb.and(conditions);
  };
}
const narrowed = (filter: ConsultantFilter) =>
  filter.approved !== undefined || filter.premium !== undefined || Boolean(filter.country?.length);

/**
 * Consultants that are not deleted, newest first, narrowed by the search term (db/search.ts; in the search
 * digits when `column` says so) and filters.
 */
function listed(db: Db, filter: ConsultantFilter, column: SearchColumn = "text") {
  return newestFirst(db, "consultants", filter.search || undefined, column)
    .where("consultants.deletedAt", "is", null)
    .where(filterCondition(filter));
}

/** The key each sortable field orders by, as the indexes of migration 013 hold it (then the id). */
const sortKeys: Record<ConsultantSort, SortKeys> = {
  name: [columnKey("consultants.name"), columnKey("consultants.id")],
  contactEmail: [columnKey("consultants.contactEmail"), columnKey("consultants.id")],
  businessName: [columnKey("consultants.businessName"), columnKey("consultants.id")],
  country: [textKey("consultants.country"), columnKey("consultants.id")],
  phoneNumber: [columnKey("consultants.phoneNumber"), columnKey("consultants.id")],
  createdAt: [columnKey("consultants.createdAt"), columnKey("consultants.id")],
};

/** The list in the order asked, or newest first (the order the indexes give, consultants_list or trigrams). */
function sorted(db: Db, filter: ConsultantFilter, sort: SortOrder<ConsultantSort> | undefined) {
  const query = listed(db, filter);
  return sort ? query.clearOrderBy().orderBy(orderOf(sortKeys[sort.field], sort.descending)) : query;
}

const qualifiedColumns = consultantColumns.map((column) => `consultants.${column}` as const);

/**
 * One page of consultants that are not deleted, newest first unless sorted. The order is the one an index
 * gives (consultants_list, a sort index of migration 013, or the trigram index when searching), so a page
 * reads about its own rows only.
 */
export async function listConsultants(
  db: Db,
  options: ConsultantFilter & {
    sort?: SortOrder<ConsultantSort> | undefined;
    limit?: number;
    offset?: number;
  },
): Promise<ConsultantRecord[]> {
  let query = sorted(db, options, options.sort).select(qualifiedColumns);
  if (options.limit !== undefined) query = query.limit(options.limit).offset(options.offset ?? 0);
  return query.execute();
}

/**
 * The fields the export writes (consultants/routes.ts, CONSULTANT_CSV), and only those: the about text,
 * tags and image paths were read for nothing, and on PostgreSQL every field read is a string the driver
 * keeps until the whole page has arrived.
 */
const exportedColumns = ["guidId", ...CONSULTANT_CSV_ORDER, "createdAt"] as const satisfies ReadonlyArray<
  keyof ConsultantRecord
>;
export type ExportedConsultant = Pick<ConsultantRecord, (typeof exportedColumns)[number]>;

/** The list's query in the export's order: the list's sort, or the newest first. */
function exportOrder(db: Db, filter: ConsultantFilter, sort: SortOrder<ConsultantSort> | undefined) {
  const order = sort ?? { field: "id" as const, descending: true };
  const keys = order.field === "id" ? [columnKey("consultants.id")] : sortKeys[order.field];
  return {
    keys,
    descending: order.descending,
    query: listed(db, filter).clearOrderBy().orderBy(orderOf(keys, order.descending)),
  };
}

/**
 * Every consultant of the list, in its order, a page at a time: each page continues after the last row of
 * the one before (keyset), so memory holds one page and the last page costs what the first did.
 */
export function exportConsultants(
  db: Db,
  filter: ConsultantFilter,
  sort: SortOrder<ConsultantSort> | undefined,
  pageSize: number,
): PageReader<ExportedConsultant> {
  const { keys, descending, query } = exportOrder(db, filter, sort);
  return keysetPages(keys, descending, pageSize, async (after) => {
    let page = query
      .select([...exportedColumns.map((column) => `consultants.${column}` as const), ...keyColumns(keys)])
      .limit(pageSize);
    if (after) page = page.where(after);
    return (await page.execute()) as Array<ExportedConsultant & Record<string, unknown>>;
  });
}

/** The same export as one COPY statement (PostgreSQL), writing the given cells. */
export const copyConsultants = (
  db: Db,
  filter: ConsultantFilter,
  sort: SortOrder<ConsultantSort> | undefined,
  cells: readonly CsvCell[],
) => copyOf(exportOrder(db, filter, sort).query, cells);

/**
 * The total of the list: the database's counter without a search or filter; with them, exact up to
 * EXACT_TOTAL_LIMIT matches and an estimate (marked so) above it, or always exact when `exact` (list-total.ts).
 */
export async function countConsultants(
  db: Db,
  search?: string,
  filter: ConsultantFilter = {},
  exact = false,
): Promise<ListTotal> {
  const population = async () => (await readRowCounts(db.kysely, ["consultants"])).consultants;
  const all = { ...filter, search };
  if (!search && !narrowed(filter)) return { total: await population() };
  const countMatches = async (limit: number) =>
    (!narrowed(filter) && search
      ? await countFromIndexesUpTo(db, "consultants", search, limit)
      : undefined) ?? countUpTo(db, listed(db, all), limit);
  if (exact) return exactTotal(countMatches);
  return boundedTotal({
    countUpTo: countMatches,
    sample: (size) =>
      !narrowed(filter) && search
        ? sampleMatches(db, "consultants", listed(db, {}), search, size)
        : sampleWhere(
            db,
            listed(db, {}),
            sql<SqlBool>`${filterCondition(filter)(expressionBuilder<Database, "consultants">())} and ${
              search ? rowMatches(db, "consultants", search) : sql`1 = 1`
            }`,
            size,
          ),
    population,
  });
}

/**
 * The header search's consultants among the ids one pass of the indexes found (modules/search/window.ts):
 * the listed ones, newest first, at most `limit` of them read whole, and how many there are. Reads each id
 * by key, never the table.
 */
export async function consultantsAmong(db: Db, ids: number[], limit: number) {
  if (ids.length === 0) return { rows: [], hits: 0 };
  // Each id probed by key, newest first in memory: the list's order (its index walked newest first)
  // would test every row of the table for the few ids instead.
  const byKey = () => listed(db, {}).clearOrderBy();
  const listedIds = (await byKey().select("consultants.id").where("consultants.id", "in", ids).execute())
    .map((row) => row.id)
    .sort((x, y) => y - x);
  const first = listedIds.slice(0, limit);
  const rows = first.length
    ? (await byKey().select(qualifiedColumns).where("consultants.id", "in", first).execute()).sort(
        (x, y) => y.id - x.id,
      )
    : [];
  return { rows, hits: listedIds.length };
}

/**
 * The header search on the newest `size` consultants (modules/search/window.ts): those of them matching the
 * term, newest first, at most `limit`, and how many of the `size` matched.
 */
export async function consultantsInWindow(db: Db, term: SearchTerm, limit: number, size: number) {
  const { ids, ...window } = await windowOf(
    "consultants",
    listed(db, {}),
    matchesTerm(db, "consultants", term),
    size,
    limit,
  );
  const rows = ids.length
    ? await listed(db, {}).select(qualifiedColumns).where("consultants.id", "in", ids).execute()
    : [];
  return { rows, window };
}
