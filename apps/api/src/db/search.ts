import { type Expression, type Kysely, type SelectQueryBuilder, type SqlBool, sql } from "kysely";
import type { Db } from "./database";
import type { Database } from "./schema";

/** The tables with a substring-search index, and the FTS5 table that indexes each on SQLite. */
const searchIndexes = { users: "users_search", consultants: "consultants_search" } as const;
export type SearchableTable = keyof typeof searchIndexes;

/** Trigram indexes cannot answer shorter terms: those read the table newest first and test each row. */
const TRIGRAM = 3;

const likePattern = (term: string) => `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
// GLOB, not LIKE, on SQLite: FTS5 hands a LIKE with an ESCAPE clause to no index, while GLOB uses the
// trigrams. search_text and the term are both lowercase, so GLOB's case sensitivity changes nothing; its
// own wildcards in the term are matched literally via [x].
const globPattern = (term: string) => `*${term.toLowerCase().replace(/[[*?]/g, (c) => `[${c}]`)}*`;

/**
 * Case-insensitive substring match over the row's search_text column (a lowercased join of the searched
 * fields, kept by the database), tested on the row itself: for rows already found by an index.
 */
export function rowMatches(db: Db, table: SearchableTable, term: string): Expression<SqlBool> {
  return db.dialect === "postgres"
    ? sql<SqlBool>`${sql.ref(`${table}.search_text`)} like ${likePattern(term)} escape '\\'`
    : sql<SqlBool>`${sql.ref(`${table}.search_text`)} glob ${globPattern(term)}`;
}

/**
 * The rows of `table`, newest (highest id) first, narrowed to those whose search_text contains `term`
 * when one is given, so that a LIMIT reads only about the page it answers, however many rows match:
 * - SQLite, terms of 3+ characters: the FTS5 trigram table drives the query in descending rowid order
 *   (CROSS JOIN keeps it the outer loop) and each match is joined to its row by primary key;
 * - SQLite, shorter terms: the table's own id order, each row tested (common terms stop early);
 * - PostgreSQL: LIKE on search_text, which the planner answers from the pg_trgm GIN index when the term
 *   is rare and by walking the id index backwards when it is common.
 * Conditions and the select list are added by the caller.
 */
export function newestFirst<T extends SearchableTable>(
  db: Db,
  table: T,
  term: string | undefined,
): SelectQueryBuilder<Database, T, object> {
  type Rows = SelectQueryBuilder<Database, T, object>;
  const plain = (
    db.kysely.selectFrom(table) as SelectQueryBuilder<Database, SearchableTable, object>
  ).orderBy(sql.ref(`${table}.id`), "desc");
  if (!term) return plain as unknown as Rows;
  if (db.dialect === "postgres" || [...term].length < TRIGRAM) {
    return plain.where(rowMatches(db, table, term)) as unknown as Rows;
  }
  const fts = searchIndexes[table];
  // biome-ignore lint/suspicious/noExplicitAny: the FTS5 table is not in the typed schema.
  return (db.kysely as Kysely<any>)
    .selectFrom(sql`${sql.table(fts)}`.as("fts"))
    .crossJoin(table as string)
    .where(sql<SqlBool>`${sql.ref(`${table}.id`)} = fts.rowid`)
    .where(sql<SqlBool>`fts.search_text glob ${globPattern(term)}`)
    .orderBy(sql`fts.rowid`, "desc") as unknown as Rows;
}

/** How many rows the query finds, reading at most `limit` of them. */
export async function countUpTo(
  db: Db,
  query: SelectQueryBuilder<Database, SearchableTable, object>,
  limit: number,
): Promise<number> {
  const row = await db.kysely
    .selectFrom(query.select(sql<number>`1`.as("one")).limit(limit).as("found"))
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * How many of the `size` newest rows of `base` (the unfiltered list, newest first) contain the term:
 * the sample a large total is estimated from.
 */
export async function sampleMatches<T extends SearchableTable>(
  db: Db,
  table: T,
  base: SelectQueryBuilder<Database, T, object>,
  term: string,
  size: number,
): Promise<{ seen: number; hits: number }> {
  const newest = base.select(sql<string>`${sql.ref(`${table}.search_text`)}`.as("search_text")).limit(size);
  const matches =
    db.dialect === "postgres"
      ? sql<SqlBool>`search_text like ${likePattern(term)} escape '\\'`
      : sql<SqlBool>`search_text glob ${globPattern(term)}`;
  const row = await db.kysely
    .selectFrom(newest.as("newest"))
    .select((eb) => [
      eb.fn.countAll<number>().as("seen"),
      eb.fn.countAll<number>().filterWhere(matches).as("hits"),
    ])
    .executeTakeFirstOrThrow();
  return { seen: Number(row.seen), hits: Number(row.hits) };
}
