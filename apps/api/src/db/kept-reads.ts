import type { Compilable } from "kysely";
import type { Db } from "./database";
import type { Executor } from "./schema";

interface Kept<V> {
  mark: number | undefined;
  revision: number | undefined;
  value: V;
}

/**
 * The one rule of every read this API keeps in memory between requests: a kept value is reused only while
 * the database vouches that nothing it was read from has changed. Two things can vouch:
 * - the change mark (Db.changeMark, embedded engine only): while it is the mark read _before_ the value,
 *   nothing in the database changed at all, in any process;
 * - a revision the database itself moves on every change of the row and of what hangs off it (a counter kept
 *   by triggers, on both engines): the caller reads the current revision (one small read) and gets back the
 *   value kept at that revision.
 * Inside a transaction there is no mark, so nothing uncommitted is kept unless its revision vouches for it.
 * At most `size` values are kept; at the limit the store starts again empty (a re-read, never a stale answer).
 * Where nothing vouches (always on PostgreSQL, which has no mark), the value or its revision is read again
 * with checkRead below.
 */
export function keptReads<K, V>(db: Db, size: number) {
  const kept = new Map<K, Kept<V>>();
  return {
    /** The mark to keep a value under: read it before reading the value. */
    mark: (): number | undefined => db.changeMark(),

    /** The value kept for `key` if the database has not changed at all since it was read. */
    unchanged(key: K, mark: number | undefined): V | undefined {
      const entry = kept.get(key);
      return entry && mark !== undefined && entry.mark === mark ? entry.value : undefined;
    },

    /** The value kept for `key` if it was read at `revision` (the database's current one). */
    atRevision(key: K, revision: number): V | undefined {
      const entry = kept.get(key);
      return entry && entry.revision === revision ? entry.value : undefined;
    },

    /** Keeps a value read under `mark` (and, if the caller has one, at `revision`). */
    keep(key: K, value: V, at: { mark: number | undefined; revision?: number | undefined }) {
      if (at.mark === undefined && at.revision === undefined) return;
      if (!kept.has(key) && kept.size >= size) kept.clear();
      kept.set(key, { mark: at.mark, revision: at.revision, value });
    },
  };
}

/**
 * The JSON text of kept values, made once per value and dropped with it: a route answering a kept value sends
 * the same text until the value is replaced.
 */
export function keptJson<V extends object>() {
  const made = new WeakMap<V, string>();
  return (value: V, make: (value: V) => string): string => {
    let json = made.get(value);
    if (json === undefined) {
      json = make(value);
      made.set(value, json);
    }
    return json;
  };
}

/** The most SQL texts checkRead names; past it a check runs unnamed (only a handful exist). */
const MOST_CHECKS = 20;
const checkNames = new Map<string, string>();

/** The name a SQL text runs under on each PostgreSQL connection (db/database.ts): checkRead's texts only. */
export const preparedNameOf = (sqlText: string): string | undefined => checkNames.get(sqlText);

/**
 * The read that checks a kept value (the session row, a consultant's revision): the one read left on every
 * request where no mark vouches. On PostgreSQL it runs as a statement prepared once per connection, so the
 * server parses and plans it once instead of on every request. Lookups by key only: the one plan kept for
 * the statement fits every value. On SQLite every statement is prepared once already (db/database.ts).
 * The first row, if any.
 */
export async function checkRead<R>(db: Executor, query: Compilable<R>): Promise<R | undefined> {
  const compiled = query.compile();
  if (!checkNames.has(compiled.sql) && checkNames.size < MOST_CHECKS) {
    checkNames.set(compiled.sql, `visadesk_check_${checkNames.size + 1}`);
  }
  const { rows } = await db.executeQuery(compiled);
  return rows[0];
}
