import { DIRECTORY_OFFICES_MAX, type DirectorySort } from "@visadesk/contract/customer-directory";
import { type Expression, type SqlBool, sql } from "kysely";
import { z } from "zod";
import type { Db } from "#api/db/database";
import { DIRECTORY_FTS, directoryOrderKeys } from "#api/db/migrations/026-directory-search";
import type { Executor } from "#api/db/schema";
import { conditions, type DirectoryFilter, type Eb, phraseQuery, rareTerm } from "./directory-filters";
import { DIRECTORY_COLUMNS, type DirectoryRow } from "./public-fields";

/*
 * The customer directory's reads of the consultants (the customer-directory module's service calls them):
 * the public list with its search, filters and orders, and a public profile with its hours and addresses.
 */

/** What a cursor may hold for each key of each order, in the order's key order (migration 026). */
const flag = z.union([z.literal(0), z.literal(1)]);
const amount = z.number();
const rowId = z.number().int().positive();
const text = z.string().max(1000);
const KEY_VALUES: Record<DirectorySort, z.ZodType<number | string>[]> = {
  recommended: [flag, flag, amount, text, rowId],
  rating: [flag, amount, rowId],
  fee: [flag, amount, rowId],
  feeDesc: [flag, amount, rowId],
  name: [text, rowId],
};

/** The keys of an order over the consultants table, all ascending; every order ends with the id. */
const keysOf = (db: Db, sort: DirectorySort) =>
  directoryOrderKeys(db.dialect, "consultants")[sort].map((key) => sql.raw(key));

/** A page's last row as its order's key values: where the next page starts. */
export type Cursor = (number | string)[];

/** What a cursor of this order must hold: one value of the right kind per key. */
export function cursorSchema(_db: Db, sort: DirectorySort) {
  const [first, ...rest] = KEY_VALUES[sort];
  return z.tuple([first as z.ZodType<number | string>, ...rest]) as unknown as z.ZodType<Cursor>;
}

/**
 * Bounds on an order's own keys that its fee or rating filter implies, so the walk seeks to where the
 * matches start instead of skipping the rows before them (the fees above a range, sorted by fee).
 */
function sortRange(sort: DirectorySort, filter: DirectoryFilter): string[] {
  const bound = (column: "fee" | "rating", negated: boolean, min?: number, max?: number) => {
    const value = negated ? `(-coalesce(consultants.${column}, 0))` : `coalesce(consultants.${column}, 0)`;
    const [low, high] = negated ? [max && -max, min && -min] : [min, max];
    return [
      `(case when consultants.${column} is null then 1 else 0 end) = 0`,
      ...(low === undefined ? [] : [`${value} >= ${Number(low)}`]),
      ...(high === undefined ? [] : [`${value} <= ${Number(high)}`]),
    ];
  };
  const fees = filter.minFee !== undefined || filter.maxFee !== undefined;
  if (sort === "fee" && fees) return bound("fee", false, filter.minFee, filter.maxFee);
  if (sort === "feeDesc" && fees) return bound("fee", true, filter.minFee, filter.maxFee);
  if (sort === "rating" && filter.minRating !== undefined) return bound("rating", true, filter.minRating);
  return [];
}

/**
 * One page of the directory, with one row more to tell whether another follows, and each row's key values.
 * Keyset paging: the cursor is one row-value comparison that seeks into the order's index, so a page deep
 * in the list costs what the first does. Two ways to a page:
 * - a rare term (search or service, see RARE_MATCHES): its few consultants from the trigram index, sorted;
 * - otherwise the order's index from the cursor on, each row tested, stopping at the page's end: common
 *   terms, short ones, and the other filters match often enough to fill a page within a few rows.
 */
export async function listDirectory(
  db: Db,
  filter: DirectoryFilter,
  sort: DirectorySort,
  cursor: Cursor | undefined,
  limit: number,
) {
  const keys = keysOf(db, sort);
  const rare = await rareTerm(db, filter);
  const columns = DIRECTORY_COLUMNS.map((column) => `consultants.${column}` as const);
  const keyColumns = keys.map((key, index) => key.as(`k${index}`));
  let rows: Array<Record<string, unknown>>;
  if (rare && db.dialect === "sqlite") {
    // The trigram table drives (CROSS JOIN keeps it the outer loop); each match joins its row by id. Its
    // phrase is the substring match itself, so a searched term is not tested again on the row.
    const tested = rare === filter.search ? { ...filter, search: undefined } : filter;
    let query = db.kysely
      .selectFrom(sql<{ rowid: number }>`${sql.table(DIRECTORY_FTS)}`.as("fts"))
      .crossJoin("consultants")
      .select([...columns, ...keyColumns])
      .where(sql<SqlBool>`consultants.id = fts.rowid`)
      .where(sql<SqlBool>`${sql.ref(`fts.${DIRECTORY_FTS}`)} match ${phraseQuery(rare)}`)
      .where((eb) => eb.and(conditions(db, eb as unknown as Eb, tested)));
    if (cursor) query = query.where(sql<SqlBool>`(${sql.join(keys)}) > (${sql.join(cursor)})`);
    for (const index of keys.keys()) query = query.orderBy(sql.ref(`k${index}`));
    rows = await query.limit(limit + 1).execute();
  } else if (rare) {
    // OFFSET 0 fences the matches: PostgreSQL finds them through the trigram index, then sorts only those.
    let matches = db.kysely
      .selectFrom("consultants")
      .select([...columns, ...keyColumns])
      .where((eb) => eb.and(conditions(db, eb, filter)));
    if (cursor) matches = matches.where(sql<SqlBool>`(${sql.join(keys)}) > (${sql.join(cursor)})`);
    let query = db.kysely.selectFrom(matches.offset(0).as("matches")).selectAll();
    for (const index of keys.keys()) query = query.orderBy(sql.ref(`matches.k${index}`));
    rows = await query.limit(limit + 1).execute();
  } else {
    // The order's index from the cursor on. Past a cursor, one branch per key, each a seek: rows tied with
    // the cursor on the first i keys and beyond it on key i. The deepest tie comes first in the order, so
    // each branch reads at most a page, and the pages' rows are sorted again (a few dozen at most).
    const seeks = sortRange(sort, filter).map((seek) => sql<SqlBool>`${sql.raw(seek)}`);
    // Ordered by the keys after those held equal: SQLite sorts every row of the range when told to order
    // by a key an equality fixes, instead of reading the index in its order.
    const walk = (branch: Expression<SqlBool>[], equal: number) => {
      let query = db.kysely
        .selectFrom("consultants")
        .select([...columns, ...keyColumns])
        .where((eb) => eb.and([...conditions(db, eb, filter), ...seeks, ...branch]));
      for (const key of keys.slice(Math.max(equal, seeks.length > 0 ? 1 : 0))) query = query.orderBy(key);
      return query.limit(limit + 1);
    };
    if (!cursor) rows = await walk([], 0).execute();
    else {
      const branches = keys
        .map((key, index) =>
          walk(
            [
              ...keys.slice(0, index).map((earlier, at) => sql<SqlBool>`${earlier} = ${cursor[at]}`),
              sql<SqlBool>`${key} > ${cursor[index]}`,
            ],
            index,
          ),
        )
        // A key the filter fixes (a missing fee's flag) has no rows beyond the cursor's value.
        .slice(seeks.length > 0 ? 1 : 0)
        .reverse()
        .map((branch, index) => db.kysely.selectFrom(branch.as(`b${index}`)).selectAll());
      const [first, ...rest] = branches;
      let union = first as NonNullable<typeof first>;
      for (const branch of rest) union = union.unionAll(branch);
      let query = db.kysely.selectFrom(union.as("pages")).selectAll();
      for (const index of keys.keys()) query = query.orderBy(sql.ref(`pages.k${index}`));
      rows = await query.limit(limit + 1).execute();
    }
  }
  const kinds = KEY_VALUES[sort];
  return rows.map((record) => {
    // Numbers as numbers on both engines, so the cursor holds what its schema expects.
    const values = kinds.map((kind, index) =>
      kind === text ? String(record[`k${index}`]) : Number(record[`k${index}`]),
    );
    return { row: record as DirectoryRow, keys: values };
  });
}
export type { DirectoryRow };

/** A consultant a customer may see: approved, not deleted, by guidId. */
export function findPublicConsultant(db: Executor, guidId: string) {
  return db
    .selectFrom("consultants")
    .selectAll()
    .where("guidId", "=", guidId)
    .where("isApproved", "=", true)
    .where("deletedAt", "is", null)
    .executeTakeFirst();
}

/** The timings in force (active, not deleted), as the back-office's availability reads them. */
export function timingsOf(db: Executor, consultantId: number) {
  return db
    .selectFrom("consultantTimings")
    .select(["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"])
    .where("consultantId", "=", consultantId)
    .where("isActive", "=", true)
    .where("isDeleted", "=", false)
    .orderBy("id")
    .execute();
}

/** The offices a customer may visit: active and not deleted, oldest first (the first DIRECTORY_OFFICES_MAX). */
export function addressesOf(db: Executor, consultantId: number) {
  return db
    .selectFrom("consultantAddresses")
    .select(["address", "city", "state", "country", "zipCode"])
    .where("consultantId", "=", consultantId)
    .where("isActive", "=", true)
    .where("isDeleted", "=", false)
    .orderBy("id")
    .limit(DIRECTORY_OFFICES_MAX)
    .execute();
}
