import { CONSULTANT_CSV_ORDER } from "@visadesk/contract/consultant-fields-constants";
import type { SortOrder } from "@visadesk/contract/lists";
import type { ConsultantSort } from "@visadesk/contract/lists-constants";
import { type Expression, type ExpressionBuilder, expressionBuilder, type SqlBool, sql } from "kysely";
import type { Db } from "#api/db/database";
import { filteredTotal, listExport, listedAmong, listedInWindow, sortedBy } from "#api/db/list-queries";
import { type ListTotal, readRowCounts } from "#api/db/list-total";
import type { Database } from "#api/db/schema";
import {
  countFromIndexesUpTo,
  countUpTo,
  newestFirst,
  type SearchColumn,
  type SearchTerm,
} from "#api/db/search";
import { columnKey, type SortKeys, textKey } from "#api/db/sorting";
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
  let query = sortedBy(listed(db, options), sortKeys, options.sort).select(qualifiedColumns);
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

const exported = listExport("consultants", listed, sortKeys, (query) =>
  query.select(exportedColumns.map((column) => `consultants.${column}` as const)),
);
/** Every consultant of the list, in its order, a keyset page at a time (db/list-queries.ts). */
export const exportConsultants = exported.pages;
/** The same export as one COPY statement (PostgreSQL), writing the given cells. */
export const copyConsultants = exported.copy;

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
  return filteredTotal(
    db,
    "consultants",
    {
      search,
      searchOnly: !narrowed(filter),
      searched: listed(db, {}),
      unfiltered: listed(db, {}),
      filter: filterCondition(filter)(expressionBuilder<Database, "consultants">()),
      countUpTo: countMatches,
      population,
    },
    exact,
  );
}

/**
 * The header search's consultants among the ids one pass of the indexes found (modules/search/window.ts):
 * the listed ones, newest first, at most `limit` of them read whole, and how many there are. Reads each id
 * by key, never the table.
 */
export const consultantsAmong = (db: Db, ids: number[], limit: number) =>
  listedAmong(
    "consultants",
    () => listed(db, {}),
    ids,
    limit,
    (query) => query.select(qualifiedColumns),
  );

/**
 * The header search on the newest `size` consultants (modules/search/window.ts): those of them matching the
 * term, newest first, at most `limit`, and how many of the `size` matched.
 */
export const consultantsInWindow = (db: Db, term: SearchTerm, limit: number, size: number) =>
  listedInWindow(
    db,
    "consultants",
    () => listed(db, {}),
    { term, limit, size },
    (query) => query.select(qualifiedColumns),
  );
