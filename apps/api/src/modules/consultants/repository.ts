import type { SortOrder } from "@visadesk/contract/lists";
import type { ConsultantSort } from "@visadesk/contract/lists-constants";
import {
  type Expression,
  type ExpressionBuilder,
  expressionBuilder,
  type Insertable,
  type Selectable,
  type SqlBool,
  sql,
  type Updateable,
} from "kysely";
import { type CsvCell, copyOf } from "#api/db/csv-copy";
import type { Db } from "#api/db/database";
import { boundedTotal, exactTotal, type ListTotal, readRowCounts } from "#api/db/list-total";
import type {
  ConsultantAddressesTable,
  ConsultantRow,
  ConsultantsTable,
  ConsultantTimingsTable,
  Database,
  Executor,
} from "#api/db/schema";
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
import { isNumericId } from "#api/lib/ids";
import type { PageReader } from "#api/lib/lists";

/** The fields the consultant forms edit (and its history records). */
export const CONSULTANT_FIELDS = [
  "name",
  "businessName",
  "aboutInfo",
  "website",
  "address",
  "country",
  "visaOffer",
  "services",
  "fee",
  "tags",
  "contactEmail",
  "phoneNumber",
  "officeNumber",
  "timing",
  "experience",
  "rating",
  "satisfiedClients",
  "isApproved",
  "isPremium",
  "timeZone",
] as const;

/** Every column but the derived search text and digits. */
const consultantColumns = [
  "id",
  "guidId",
  ...CONSULTANT_FIELDS,
  "logoUrl",
  "profilePic",
  "profilePicThumbnail",
  "createdAt",
  "updatedAt",
  "createdBy",
  "updatedBy",
  "deletedAt",
  "revision",
  "version",
] as const;
export type ConsultantRecord = Omit<ConsultantRow, "searchText" | "searchDigits" | "directoryText">;

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
const exportedColumns = [
  "guidId",
  "name",
  "businessName",
  "contactEmail",
  "phoneNumber",
  "officeNumber",
  "country",
  "website",
  "address",
  "visaOffer",
  "services",
  "fee",
  "experience",
  "rating",
  "isApproved",
  "isPremium",
  "createdAt",
] as const satisfies ReadonlyArray<keyof ConsultantRecord>;
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

/** A consultant that is not deleted, by its guidId or its numeric id (which appointments may hold). */
function byKey(db: Executor, key: string) {
  const query = db.selectFrom("consultants").where("deletedAt", "is", null);
  return isNumericId(key) ? query.where("id", "=", Number(key)) : query.where("guidId", "=", key);
}

/**
 * The no-shows of a consultant, read with its revision: attendance changes apart from the consultant row
 * (its revision does not move), and one round trip for both keeps the detail's check as cheap as before.
 */
const noShowsOf = sql<number>`(select count(*) from appointments where appointments.consultant_id = consultants.id and appointments.attendance = 'NoShow')`;

/**
 * The revision (migration 002) and no-show count of a consultant that is not deleted, by the same keys as
 * findConsultant.
 */
export async function consultantRevision(
  db: Executor,
  key: string,
): Promise<{ revision: number; noShows: number } | undefined> {
  const row = await byKey(db, key)
    .select(["revision", noShowsOf.as("noShows")])
    .executeTakeFirst();
  return row && { revision: row.revision, noShows: Number(row.noShows) };
}

/** A consultant that is not deleted, by its guidId (or its numeric id, which appointments may hold). */
export function findConsultant(db: Executor, key: string): Promise<ConsultantRecord | undefined> {
  return byKey(db, key).select(consultantColumns).executeTakeFirst();
}

export async function insertConsultant(
  db: Executor,
  values: Insertable<ConsultantsTable>,
): Promise<ConsultantRecord> {
  return db.insertInto("consultants").values(values).returning(consultantColumns).executeTakeFirstOrThrow();
}

/** Adds one to a record's version in the UPDATE that changes its editable fields (migration 009). */
const nextVersion = sql<number>`version + 1`;

/**
 * Changes a consultant's editable fields and moves its version, only while the version is still `expected`
 * (when given): the check is the UPDATE's own condition, so of two racing saves exactly one matches.
 * Undefined when no row matched (deleted, or changed since).
 */
export async function updateConsultant(
  db: Executor,
  id: number,
  values: Updateable<ConsultantsTable>,
  expected: number | undefined,
): Promise<ConsultantRecord | undefined> {
  let query = db
    .updateTable("consultants")
    .set({ ...values, version: nextVersion })
    .where("id", "=", id)
    .where("deletedAt", "is", null);
  if (expected !== undefined) query = query.where("version", "=", expected);
  return query.returning(consultantColumns).executeTakeFirst();
}

export async function softDeleteConsultant(db: Executor, id: number, at: string, by: string) {
  await db
    .updateTable("consultants")
    .set({ deletedAt: at, updatedAt: at, updatedBy: by })
    .where("id", "=", id)
    .where("deletedAt", "is", null)
    .execute();
}

/** Deleted consultants, most recently deleted first, narrowed by the search term. */
function deleted(db: Db, search: string | undefined) {
  let query = db.kysely.selectFrom("consultants").where("consultants.deletedAt", "is not", null);
  if (search) query = query.where(rowMatches(db, "consultants", search));
  return query;
}

/** One page of deleted consultants (an Admin's Deleted filter) and their total. */
export async function pageOfDeletedConsultants(
  db: Db,
  options: { search?: string | undefined; limit: number; offset: number },
): Promise<{ rows: ConsultantRecord[]; total: number }> {
  const [rows, count] = await Promise.all([
    deleted(db, options.search)
      .select(consultantColumns.map((column) => `consultants.${column}` as const))
      .orderBy("consultants.deletedAt", "desc")
      .orderBy("consultants.id", "desc")
      .limit(options.limit)
      .offset(options.offset)
      .execute(),
    deleted(db, options.search)
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.count) };
}

/** A consultant by guidId or numeric id, deleted or not (the restore's lookup). */
export async function findConsultantEvenDeleted(
  db: Executor,
  key: string,
): Promise<ConsultantRecord | undefined> {
  const query = db.selectFrom("consultants").select(consultantColumns);
  return (
    isNumericId(key) ? query.where("id", "=", Number(key)) : query.where("guidId", "=", key)
  ).executeTakeFirst();
}

/** Clears the delete mark; false when the consultant was not deleted (a restore racing another). */
export async function restoreConsultant(db: Executor, id: number, at: string, by: string) {
  const result = await db
    .updateTable("consultants")
    .set({ deletedAt: null, updatedAt: at, updatedBy: by })
    .where("id", "=", id)
    .where("deletedAt", "is not", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

type RecordTable = "consultantTimings" | "consultantAddresses";
export type TimingRecord = Selectable<ConsultantTimingsTable>;
export type AddressRecord = Selectable<ConsultantAddressesTable>;
/** The row of each record table. */
export interface RecordOf {
  consultantTimings: TimingRecord;
  consultantAddresses: AddressRecord;
}

/** The timings and the addresses of one consultant (known not deleted) that are not deleted; oldest first. */
export async function recordsOfConsultant(db: Executor, consultantId: number) {
  const timings = await db
    .selectFrom("consultantTimings")
    .selectAll()
    .where("consultantId", "=", consultantId)
    .where("isDeleted", "=", false)
    .orderBy("id", "asc")
    .execute();
  const addresses = await db
    .selectFrom("consultantAddresses")
    .selectAll()
    .where("consultantId", "=", consultantId)
    .where("isDeleted", "=", false)
    .orderBy("id", "asc")
    .execute();
  return { timings, addresses };
}

/** The columns timings and addresses share: both are audited records of one consultant. */
type SharedColumns = Pick<TimingRecord, keyof TimingRecord & keyof AddressRecord>;

/** Timings or addresses (`r`) that are not deleted, of consultants (`c`) that are not deleted. */
function liveRecords(db: Executor, table: RecordTable) {
  return db
    .selectFrom(sql<SharedColumns>`${sql.table(table)}`.as("r"))
    .innerJoin("consultants as c", "c.id", "r.consultantId")
    .where("r.isDeleted", "=", false)
    .where("c.deletedAt", "is", null);
}

/** Each record with the public key of its consultant. */
type Listed<R> = Array<{ record: R; consultantGuid: string }>;
interface ListOptions {
  consultantId?: number[];
  limit?: number;
  offset?: number;
}

/** Timings or addresses that are not deleted, with their consultant's guidId; oldest first. */
export function listRecords<T extends RecordTable>(
  db: Executor,
  table: T,
  options: ListOptions,
): Promise<Listed<RecordOf[T]>>;
export async function listRecords(db: Executor, table: RecordTable, options: ListOptions) {
  // Every column of `table`: its whole row, typed by the signature above.
  let query = liveRecords(db, table)
    .selectAll("r")
    .select("c.guidId as consultantGuid")
    .orderBy("r.id", "asc");
  if (options.consultantId) query = query.where("r.consultantId", "in", options.consultantId);
  if (options.limit !== undefined) query = query.limit(options.limit).offset(options.offset ?? 0);
  const rows = await query.execute();
  return rows.map(({ consultantGuid, ...record }) => ({ record, consultantGuid }));
}

export async function countRecords(db: Executor, table: RecordTable, consultantId?: number) {
  let query = liveRecords(db, table).select((eb) => eb.fn.countAll<number>().as("count"));
  if (consultantId !== undefined) query = query.where("r.consultantId", "=", consultantId);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.count);
}

export function findRecord(
  db: Executor,
  table: "consultantTimings",
  id: number,
): Promise<TimingRecord | undefined>;
export function findRecord(
  db: Executor,
  table: "consultantAddresses",
  id: number,
): Promise<AddressRecord | undefined>;
export function findRecord(db: Executor, table: RecordTable, id: number) {
  return db.selectFrom(table).selectAll().where("id", "=", id).executeTakeFirst();
}

export async function insertTiming(db: Executor, values: Insertable<ConsultantTimingsTable>) {
  return db.insertInto("consultantTimings").values(values).returningAll().executeTakeFirstOrThrow();
}
/** Like updateConsultant: undefined when the timing is deleted or no longer at `expected`. */
export async function updateTiming(
  db: Executor,
  id: number,
  values: Updateable<ConsultantTimingsTable>,
  expected: number | undefined,
) {
  let query = db
    .updateTable("consultantTimings")
    .set({ ...values, version: nextVersion })
    .where("id", "=", id)
    .where("isDeleted", "=", false);
  if (expected !== undefined) query = query.where("version", "=", expected);
  return query.returningAll().executeTakeFirst();
}
export async function insertAddress(db: Executor, values: Insertable<ConsultantAddressesTable>) {
  return db.insertInto("consultantAddresses").values(values).returningAll().executeTakeFirstOrThrow();
}
/** Like updateConsultant: undefined when the address is deleted or no longer at `expected`. */
export async function updateAddress(
  db: Executor,
  id: number,
  values: Updateable<ConsultantAddressesTable>,
  expected: number | undefined,
) {
  let query = db
    .updateTable("consultantAddresses")
    .set({ ...values, version: nextVersion })
    .where("id", "=", id)
    .where("isDeleted", "=", false);
  if (expected !== undefined) query = query.where("version", "=", expected);
  return query.returningAll().executeTakeFirst();
}
