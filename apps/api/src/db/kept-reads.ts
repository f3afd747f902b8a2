import type { Db } from "./database";

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
 * Where there is no mark (a transaction open on SQLite, the PostgreSQL listener away), nothing is kept unless
 * its revision vouches for it, and the value or its revision is read again.
 * At most `size` values are kept; at the limit the store starts again empty (a re-read, never a stale answer).
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
