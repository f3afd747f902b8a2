import type { SortOrder } from "@visadesk/contract/lists";
import { type Expression, type SelectQueryBuilder, type SqlBool, sql } from "kysely";
import type { PageReader } from "#api/lib/lists";
import { type CsvCell, copyOf } from "./csv-copy";
import type { Db } from "./database";
import { boundedTotal, exactTotal, type ListTotal } from "./list-total";
import type { Database } from "./schema";
import {
  matchesTerm,
  rowMatches,
  type SearchableTable,
  type SearchTerm,
  sampleMatches,
  sampleWhere,
  windowOf,
} from "./search";
import { columnKey, keyColumns, keysetPages, orderOf, type SortKeys } from "./sorting";

/**
 * The steps the searchable lists (accounts, consultants) take alike: their order, export, total and the
 * header search's reads. Each module builds its own query of its own table and hands it in.
 */

type Rows<T extends SearchableTable> = SelectQueryBuilder<Database, T, object>;
/** The columns a list's caller reads of the rows it asks for. */
type Columns<T extends SearchableTable, R> = (query: Rows<T>) => SelectQueryBuilder<Database, T, R>;

const idOf = (table: SearchableTable) => sql.ref<number>(`${table}.id`);

/** The list in the order asked (each sortable field's key, `sortKeys`), or as it came (newest first). */
export function sortedBy<T extends SearchableTable, F extends string>(
  listed: Rows<T>,
  sortKeys: Record<F, SortKeys>,
  sort: SortOrder<F> | undefined,
): Rows<T> {
  return sort ? listed.clearOrderBy().orderBy(orderOf(sortKeys[sort.field], sort.descending)) : listed;
}

/**
 * A list's export, both ways, in the list's sort or newest first: `pages` reads every row a page at a time,
 * each page continuing after the last row of the one before (keyset), so memory holds one page and the last
 * page costs what the first did; `copy` is the same query as one COPY statement of the given cells
 * (PostgreSQL). `listed` is the module's filtered query, `columns` what a page reads of each row.
 */
export function listExport<T extends SearchableTable, Filter, F extends string, R>(
  table: T,
  listed: (db: Db, filter: Filter) => Rows<T>,
  sortKeys: Record<F, SortKeys>,
  columns: Columns<T, R>,
) {
  const ordered = (db: Db, filter: Filter, sort: SortOrder<F> | undefined) => {
    const keys = sort ? sortKeys[sort.field] : [columnKey(`${table}.id`)];
    const descending = sort ? sort.descending : true;
    return { keys, descending, query: listed(db, filter).clearOrderBy().orderBy(orderOf(keys, descending)) };
  };
  return {
    pages(db: Db, filter: Filter, sort: SortOrder<F> | undefined, pageSize: number): PageReader<R> {
      const { keys, descending, query } = ordered(db, filter, sort);
      return keysetPages(keys, descending, pageSize, async (after) => {
        let page = columns(query).select(keyColumns(keys)).limit(pageSize);
        if (after) page = page.where(after);
        return (await page.execute()) as unknown as Array<R & Record<string, unknown>>;
      });
    },
    copy: (db: Db, filter: Filter, sort: SortOrder<F> | undefined, cells: readonly CsvCell[]) =>
      copyOf(ordered(db, filter, sort).query, cells),
  };
}

/**
 * The total of a list a search term or filters narrow: always exact when `exact`, else exact up to
 * EXACT_TOTAL_LIMIT matches and an estimate (marked so) above it (list-total.ts). The estimate's sample
 * tests the newest rows of `searched` by their search text when the term is all that narrows the list,
 * else the term and `filter` on the newest rows of `unfiltered`.
 */
export function filteredTotal<T extends SearchableTable>(
  db: Db,
  table: T,
  list: {
    search: string | undefined;
    searchOnly: boolean;
    searched: Rows<T>;
    unfiltered: Rows<T>;
    filter: Expression<SqlBool>;
    countUpTo: (limit: number) => Promise<number>;
    population: () => Promise<number>;
  },
  exact: boolean,
): Promise<ListTotal> {
  const { search, countUpTo } = list;
  if (exact) return exactTotal(countUpTo);
  return boundedTotal({
    countUpTo,
    sample: (size) =>
      search && list.searchOnly
        ? sampleMatches(db, table, list.searched, search, size)
        : sampleWhere(
            db,
            list.unfiltered,
            sql<SqlBool>`${list.filter} and ${search ? rowMatches(db, table, search) : sql`1 = 1`}`,
            size,
          ),
    population: list.population,
  });
}

/**
 * The header search's rows among the ids one pass of the indexes found (modules/search/window.ts): those
 * `listed` holds, newest first, at most `limit` of them read whole, and how many there are. Reads each id
 * by key, never the table.
 */
export async function listedAmong<T extends SearchableTable, R extends { id: number }>(
  table: T,
  listed: () => Rows<T>,
  ids: number[],
  limit: number,
  columns: Columns<T, R>,
): Promise<{ rows: R[]; hits: number }> {
  if (ids.length === 0) return { rows: [], hits: 0 };
  // Each id probed by key, newest first in memory: the list's order (its index walked newest first)
  // would test every row of the table for the few ids instead.
  const byKey = () => listed().clearOrderBy();
  const listedIds = (await byKey().select(idOf(table).as("id")).where(idOf(table), "in", ids).execute())
    .map((row) => row.id)
    .sort((x, y) => y - x);
  const first = listedIds.slice(0, limit);
  const rows = first.length
    ? ((await columns(byKey()).where(idOf(table), "in", first).execute()) as R[]).sort((x, y) => y.id - x.id)
    : [];
  return { rows, hits: listedIds.length };
}

/**
 * The header search on the newest `size` rows `listed` holds (modules/search/window.ts): those of them
 * matching the term, newest first, at most `limit`, and how many of the `size` matched.
 */
export async function listedInWindow<T extends SearchableTable, R>(
  db: Db,
  table: T,
  listed: () => Rows<T>,
  window: { term: SearchTerm; limit: number; size: number },
  columns: Columns<T, R>,
) {
  const { ids, ...seen } = await windowOf(
    table,
    listed(),
    matchesTerm(db, table, window.term),
    window.size,
    window.limit,
  );
  const rows = ids.length ? ((await columns(listed()).where(idOf(table), "in", ids).execute()) as R[]) : [];
  return { rows, window: seen };
}
