import { type Expression, type SelectQueryBuilder, type SqlBool, sql } from "kysely";
import type { Db } from "./database";
import type { Database } from "./schema";

/**
 * The tables with substring-search indexes, and the FTS5 table that indexes each column on SQLite:
 * search_text (the searched fields, lowercased) and search_digits (the digits of phone numbers and CNICs,
 * migration 023).
 */
const searchIndexes = {
  users: { text: "users_search", digits: "users_digits" },
  consultants: { text: "consultants_search", digits: "consultants_digits" },
} as const;
export type SearchableTable = keyof typeof searchIndexes;
export type SearchColumn = keyof (typeof searchIndexes)[SearchableTable];
const columnOf = { text: "search_text", digits: "search_digits" } as const satisfies Record<
  SearchColumn,
  string
>;

/** Trigram indexes cannot answer shorter terms: those read the table newest first and test each row. */
export const TRIGRAM = 3;

const likePattern = (term: string) => `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
// GLOB, not LIKE, on SQLite: FTS5 hands a LIKE with an ESCAPE clause to no index, while GLOB uses the
// trigrams. search_text and the term are both lowercase, so GLOB's case sensitivity changes nothing; its
// own wildcards in the term are matched literally via [x].
const globPattern = (term: string) => `*${term.toLowerCase().replace(/[[*?]/g, (c) => `[${c}]`)}*`;
// An FTS5 phrase of the term: the trigram tokenizer turns it into the term's trigrams at consecutive
// positions, which is a substring match the index answers alone, without reading any row's text (a GLOB
// is checked again on each candidate's text, fetched from the table). Quotes inside are doubled.
const phraseQuery = (term: string) => `"${term.toLowerCase().replace(/"/g, '""')}"`;

/**
 * Case-insensitive substring match over the row's search_text column (a lowercased join of the searched
 * fields, kept by the database), or its search_digits, tested on the row itself: for rows already found by
 * an index, or few enough to test one by one.
 */
export function rowMatches(
  db: Db,
  table: SearchableTable,
  term: string,
  column: SearchColumn = "text",
): Expression<SqlBool> {
  const ref = sql.ref(`${table}.${columnOf[column]}`);
  return db.dialect === "postgres"
    ? sql<SqlBool>`${ref} like ${likePattern(term)} escape '\\'`
    : sql<SqlBool>`${ref} glob ${globPattern(term)}`;
}

/** A term of the header search: as typed, and its digits when it is a run of them (modules/search). */
export interface SearchTerm {
  text: string;
  digits?: string | undefined;
}

/** The row contains the term in its search text, or its digits in its search digits. */
export function matchesTerm(db: Db, table: SearchableTable, term: SearchTerm): Expression<SqlBool> {
  const text = rowMatches(db, table, term.text);
  return term.digits ? sql<SqlBool>`(${text} or ${rowMatches(db, table, term.digits, "digits")})` : text;
}

/**
 * The rows of `table`, newest (highest id) first, narrowed to those whose search_text contains `term`
 * when one is given, so that a LIMIT reads only about the page it answers, however many rows match:
 * - SQLite, terms of 3+ characters: the FTS5 trigram table drives the query in descending rowid order
 *   (CROSS JOIN keeps it the outer loop), its matches found as a phrase of the term's trigrams in the
 *   index alone, and each match is joined to its row by primary key;
 * - SQLite, shorter terms: the table's own id order, each row tested (common terms stop early);
 * - PostgreSQL: LIKE on search_text, which the planner answers from the pg_trgm GIN index when the term
 *   is rare and by walking the id index backwards when it is common.
 * `column` "digits" looks in search_digits the same way. Conditions and the select list are added by the
 * caller.
 */
export function newestFirst<T extends SearchableTable>(
  db: Db,
  table: T,
  term: string | undefined,
  column: SearchColumn = "text",
): SelectQueryBuilder<Database, T, object> {
  type Rows = SelectQueryBuilder<Database, T, object>;
  const plain = (
    db.kysely.selectFrom(table) as SelectQueryBuilder<Database, SearchableTable, object>
  ).orderBy(sql.ref(`${table}.id`), "desc");
  if (!term) return plain as unknown as Rows;
  if (db.dialect === "postgres" || [...term].length < TRIGRAM) {
    return plain.where(rowMatches(db, table, term, column)) as unknown as Rows;
  }
  const fts = searchIndexes[table][column];
  // The FTS5 table is not in the typed schema: it comes in as a raw table of rowids, its conditions as SQL.
  return db.kysely
    .selectFrom(sql<{ rowid: number }>`${sql.table(fts)}`.as("fts"))
    .where(sql<SqlBool>`${sql.ref(`${table}.id`)} = fts.rowid`)
    .where(sql<SqlBool>`${sql.ref(`fts.${fts}`)} match ${phraseQuery(term)}`)
    .orderBy(sql`fts.rowid`, "desc")
    .crossJoin(table as SearchableTable) as unknown as Rows;
}

/** The partial index of each table's listed rows (id where deleted_at is null), for counts from indexes. */
const listIndexes = { consultants: "consultants_list" } as const;

/**
 * SQLite, terms of 3+ characters: how many listed (not deleted) rows of `table` contain the term, reading
 * at most `limit` of them, from two indexes and no row: the FTS5 trigram index finds the matches (a
 * phrase, so no row's text is fetched to confirm them) and the list's partial index (covering: id where
 * deleted_at is null) tells which are listed. Reading each match's row instead costs a page of the table
 * per match, which at 1M rows is most of a rare term's request. Undefined where it does not apply
 * (PostgreSQL, shorter terms): those count with countUpTo.
 */
export async function countFromIndexesUpTo(
  db: Db,
  table: keyof typeof listIndexes,
  term: string,
  limit: number,
): Promise<number | undefined> {
  if (db.dialect === "postgres" || [...term].length < TRIGRAM) return undefined;
  const fts = searchIndexes[table].text;
  const listed = sql`${sql.table(table)} indexed by ${sql.raw(listIndexes[table])}`;
  const row = await sql<{ count: number }>`select count(*) as count from (
      select 1 from ${sql.table(fts)} as fts
      where ${sql.ref(`fts.${fts}`)} match ${phraseQuery(term)}
        and exists (select 1 from ${listed} where ${sql.ref(`${table}.id`)} = fts.rowid
          and ${sql.ref(`${table}.deleted_at`)} is null)
      limit ${limit}) as found`.execute(db.kysely);
  return Number(row.rows[0]?.count ?? 0);
}

/**
 * How many rows the query finds, reading at most `limit` of them. The list's order is dropped: a count
 * does not need it, and without it PostgreSQL stops after `limit` matches instead of sorting them all.
 */
export async function countUpTo(
  db: Db,
  query: SelectQueryBuilder<Database, SearchableTable, object>,
  limit: number,
): Promise<number> {
  const row = await db.kysely
    .selectFrom(query.clearOrderBy().select(sql<number>`1`.as("one")).limit(limit).as("found"))
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

/**
 * How many of the `size` first rows of `base` (the unfiltered list in its index order) meet `hit`: the
 * sample a large total is estimated from, when filters other than a search term narrow the list.
 */
export async function sampleWhere<T extends SearchableTable | "appointments">(
  db: Db,
  base: SelectQueryBuilder<Database, T, object>,
  hit: Expression<SqlBool>,
  size: number,
): Promise<{ seen: number; hits: number }> {
  const first = base.select(sql<number>`case when ${hit} then 1 else 0 end`.as("hit")).limit(size);
  const row = await db.kysely
    .selectFrom(first.as("newest"))
    .select((eb) => [eb.fn.countAll<number>().as("seen"), eb.fn.sum<number>("hit").as("hits")])
    .executeTakeFirstOrThrow();
  return { seen: Number(row.seen), hits: Number(row.hits ?? 0) };
}

/**
 * The `size` first rows of `base` (a list without a term, newest first in its index's order), each tested
 * for `hit` in one pass: how many were seen and matched, and the ids of the first `limit` that matched.
 * Reads `size` rows at most, however rare the matches.
 */
export async function windowOf<T extends SearchableTable | "appointments">(
  table: T,
  base: SelectQueryBuilder<Database, T, object>,
  hit: Expression<SqlBool>,
  size: number,
  limit: number,
): Promise<{ seen: number; hits: number; ids: number[] }> {
  const rows = await base
    .select([
      sql<number>`${sql.ref(`${table}.id`)}`.as("id"),
      sql<number>`case when ${hit} then 1 else 0 end`.as("hit"),
    ])
    .limit(size)
    .execute();
  const matched = rows.filter((row) => Number(row.hit) === 1);
  return {
    seen: rows.length,
    hits: matched.length,
    ids: matched.slice(0, limit).map((row) => Number(row.id)),
  };
}

/** One pass of a table's trigram indexes (matchingIds). */
export interface IdPass {
  /** Matching ids, newest first: every match while complete, else every one down to `lowest`. */
  ids: number[];
  complete: boolean;
  lowest?: number;
}

/**
 * The ids of a table's rows (deleted or not) whose search text holds the term or whose search digits hold
 * its digits, newest first, as the indexes alone give them (no row is read on SQLite): at most `cap` of
 * each index (on PostgreSQL, of both read together). `complete` when neither index had more; otherwise
 * `ids` holds every match down to `lowest`, the id the capped pass stopped at.
 */
export async function matchingIds(
  db: Db,
  table: SearchableTable,
  term: SearchTerm,
  cap: number,
): Promise<IdPass> {
  const wanted: Array<[string, SearchColumn]> = [
    [term.text, "text"],
    ...(term.digits ? [[term.digits, "digits"] as [string, SearchColumn]] : []),
  ];
  // PostgreSQL: one pass for both columns, its two trigram indexes read together.
  if (db.dialect === "postgres") return cappedIds([await postgresPass(db, table, wanted, cap)], cap);
  const pass = async (text: string, column: SearchColumn) => {
    const rows =
      [...text].length < TRIGRAM
        ? await newestFirst(db, table, text, column)
            .select(sql<number>`${sql.ref(`${table}.id`)}`.as("id"))
            .limit(cap + 1)
            .execute()
        : (
            await sql<{ id: number }>`select rowid as id from ${sql.table(searchIndexes[table][column])}
              where ${sql.ref(searchIndexes[table][column])} match ${phraseQuery(text)}
              order by rowid desc limit ${cap + 1}`.execute(db.kysely)
          ).rows;
    return rows.map((row) => Number(row.id));
  };
  return cappedIds(await Promise.all(wanted.map(([text, column]) => pass(text, column))), cap);
}

/**
 * The ids of one or more passes, each of the newest `cap` + 1 matches of its own: all of them, newest first,
 * down to where the first capped pass stopped.
 */
function cappedIds(passes: number[][], cap: number): IdPass {
  // A capped pass is complete only down to its cap-th id: below it, matches may be missing.
  const stops = passes.filter((ids) => ids.length > cap).map((ids) => ids[cap - 1] as number);
  const lowest = stops.length ? Math.max(...stops) : undefined;
  const ids = [...new Set(passes.flat())]
    .filter((id) => lowest === undefined || id >= lowest)
    .sort((a, b) => b - a);
  return lowest === undefined ? { ids, complete: true } : { ids, complete: false, lowest };
}

/** How many of the newest rows PostgreSQL tests one by one before it asks the trigram index instead. */
const NEWEST_ROWS = 4;

/**
 * PostgreSQL's pass: the newest `cap` + 1 rows holding any of the terms, each in its column. First among the
 * newest NEWEST_ROWS × cap rows, each tested (a common term is found there); if fewer match there, every
 * match from the trigram indexes (one bitmap of both), then the newest of them. Walking the id index alone
 * tested 80,000 rows for a run of digits whose matches are all old (the planner cannot know where they are).
 */
async function postgresPass(
  db: Db,
  table: SearchableTable,
  terms: Array<[string, SearchColumn]>,
  cap: number,
) {
  const holds = sql.join(
    terms.map(([text, column]) => sql`${sql.ref(columnOf[column])} like ${likePattern(text)} escape '\\'`),
    sql` or `,
  );
  const columns = sql.join(terms.map(([, column]) => sql.ref(columnOf[column])));
  const newest = await sql<{ id: number }>`select id from (
      select id, ${columns} from ${sql.table(table)} order by id desc limit ${NEWEST_ROWS * cap}) as newest
    where ${holds} order by id desc limit ${cap + 1}`.execute(db.kysely);
  // Found there, they are the newest matches of all: every row left out is older.
  if (newest.rows.length > cap) return newest.rows.map((row) => Number(row.id));
  // offset 0 keeps the planner from walking the id index again: the indexes find the matches, then a sort.
  const all = await sql<{ id: number }>`select id from (
      select id from ${sql.table(table)} where ${holds} offset 0) as found
    order by id desc limit ${cap + 1}`.execute(db.kysely);
  return all.rows.map((row) => Number(row.id));
}

/** The lowest and highest id a table has held (deleted rows included): the span `matchingIds` samples. */
export async function idSpan(db: Db, table: SearchableTable): Promise<{ min: number; max: number }> {
  // Two queries: SQLite reads min or max from the primary key only when it is a query's one aggregate (both
  // in one select scan the table).
  const end = (fn: "min" | "max") =>
    db.kysely
      .selectFrom(table as SearchableTable)
      .select((eb) => eb.fn[fn]<number>(`${table}.id`).as("id"))
      .executeTakeFirstOrThrow();
  const [min, max] = await Promise.all([end("min"), end("max")]);
  return { min: Number(min.id ?? 0), max: Number(max.id ?? 0) };
}
