import fs from "node:fs";
import type { SqliteConnection, SqliteStatement } from "./sqlite-driver";

/**
 * The SQLite file holds personal data, CNIC images and password hashes: it and the files SQLite keeps beside
 * it are readable by this user only (0600, like the token secret), made so if missing, and fixed if not.
 */
export function ownerOnly(file: string) {
  fs.closeSync(fs.openSync(file, "a", 0o600));
  for (const companion of [file, `${file}-wal`, `${file}-shm`, `${file}-journal`]) {
    try {
      fs.chmodSync(companion, 0o600);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
  }
}

/**
 * SQLite's own change counters, about 2 µs for the three: data_version moves when another connection commits
 * to the file, and total_changes() when this one writes a row (triggers included; a rollback still counts,
 * which only costs a re-read). Schema changes count too, for the tests that drop a table under a running app.
 * In a transaction the connection may hold rows not yet committed (or about to be rolled back): no mark then.
 */
export function changeMarkOf(sqlite: SqliteConnection) {
  const dataVersion = sqlite.prepare("pragma data_version").pluck();
  const schemaVersion = sqlite.prepare("pragma schema_version").pluck();
  const totalChanges = sqlite.prepare("select total_changes()").pluck();
  let seen: { data: unknown; schema: unknown; changes: unknown } = { data: -1, schema: -1, changes: -1 };
  let mark = 0;
  return () => {
    if (sqlite.inTransaction) return undefined;
    const now = { data: dataVersion.get(), schema: schemaVersion.get(), changes: totalChanges.get() };
    if (now.data !== seen.data || now.schema !== seen.schema || now.changes !== seen.changes) {
      seen = now;
      mark += 1;
    }
    return mark;
  };
}

/**
 * SQLite has no boolean type: better-sqlite3 refuses JS booleans as parameters and returns 0/1.
 * This wrapper is the one place that bridges it, by the is_* column-name convention.
 */
export function withBooleans(sqlite: SqliteConnection) {
  const toParam = (value: unknown) => (typeof value === "boolean" ? (value ? 1 : 0) : value);
  const toRow = (row: unknown) => {
    if (row && typeof row === "object") {
      const record = row as Record<string, unknown>;
      for (const key in record) {
        if (key.startsWith("is_") && typeof record[key] === "number") record[key] = record[key] === 1;
      }
    }
    return row;
  };
  // Kysely prepares every query it runs; reusing the compiled statement of the same SQL text saves that
  // work on every request (the set of distinct SQL texts is small; the cache is emptied if it ever is not).
  const statements = new Map<string, SqliteStatement>();
  const prepared = (sqlText: string) => {
    let statement = statements.get(sqlText);
    if (!statement) {
      if (statements.size >= 500) statements.clear();
      statement = sqlite.prepare(sqlText);
      statements.set(sqlText, statement);
    }
    return statement;
  };
  return {
    close: () => sqlite.close(),
    prepare(sqlText: string) {
      const statement = prepared(sqlText);
      return {
        reader: statement.reader,
        all: (params: ReadonlyArray<unknown>) => statement.all(params.map(toParam)).map(toRow),
        run: (params: ReadonlyArray<unknown>) => statement.run(params.map(toParam)),
        *iterate(params: ReadonlyArray<unknown>) {
          // A streamed statement stays busy until drained: it gets its own.
          for (const row of sqlite.prepare(sqlText).iterate(params.map(toParam))) yield toRow(row);
        },
      };
    },
  };
}
