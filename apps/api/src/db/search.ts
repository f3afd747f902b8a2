import { type Expression, type SqlBool, sql } from "kysely";
import type { Db } from "./database";

/** The tables with a substring-search index, and the FTS5 table that indexes each on SQLite. */
const searchIndexes = { users: "users_search", consultants: "consultants_search" } as const;
export type SearchableTable = keyof typeof searchIndexes;

/**
 * Case-insensitive substring match over the table's search_text column (a lowercased join of the searched
 * fields, kept by the database), answered from an index on both engines:
 * SQLite FTS5 with the trigram tokenizer (queried with GLOB), PostgreSQL pg_trgm (GIN). Terms under 3 characters cannot use
 * a trigram index and fall back to a scan of the index, which is still correct.
 */
export function matchesSearch(db: Db, table: SearchableTable, term: string): Expression<SqlBool> {
  const pattern = `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  if (db.dialect === "postgres") {
    return sql<SqlBool>`${sql.ref(`${table}.search_text`)} like ${pattern} escape '\\'`;
  }
  // GLOB, not LIKE: FTS5 hands a LIKE with an ESCAPE clause to no index (a scan of every row, ~60 ms at
  // 100k), while GLOB uses the trigrams. search_text and the term are both lowercase, so GLOB's case
  // sensitivity changes nothing; its own wildcards in the term are matched literally via [x].
  const glob = `*${term.toLowerCase().replace(/[[*?]/g, (c) => `[${c}]`)}*`;
  return sql<SqlBool>`${sql.ref(`${table}.id`)} in (select rowid from ${sql.table(searchIndexes[table])} where search_text glob ${glob})`;
}
