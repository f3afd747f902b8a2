import { CamelCasePlugin, Kysely, SqliteDialect, sql } from "kysely";
import type { Db } from "./database";
import type { Database } from "./schema";
import { withBooleans } from "./sqlite-connection";
import { openSqlite } from "./sqlite-driver";

/** The page cache of a bulk read's own connection, in KB: SQLite's default size. */
export const BULK_READ_CACHE_KB = 2_048;

/**
 * What a read of a whole list (an export) on SQLite reads through: a read-only connection of its own, with a
 * page cache of BULK_READ_CACHE_KB, opened on its first page and closed after its last (or when it is given
 * up). The app's connection keeps up to SQLITE_CACHE_MB of pages for the searches; read through it, the
 * export of 100k consultants filled that cache with the whole table, and the server's memory grew by 52 to
 * 98 MB while it streamed (89 MB measured in-process; 14 MB with the default cache), against a budget of 50.
 * WAL lets both connections read side by side; each page is read in a transaction of its own, as before.
 *
 * On PostgreSQL (an export there is COPY) and on an in-memory database, which no second connection can
 * open (the tests'), the reads go through `db` itself.
 */
export interface BulkReads<T> {
  /** The next page of rows (see PageReader), then undefined. */
  read: () => Promise<T[] | undefined>;
  /** Closes the connection: after the last page, or when the reader stops early (the client went away). */
  close: () => void;
}

export function bulkReads<T>(db: Db, pages: (reader: Db) => () => Promise<T[] | undefined>): BulkReads<T> {
  let own: OwnConnection | undefined;
  let read: (() => Promise<T[] | undefined>) | undefined;
  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    own?.close();
  };
  return {
    close,
    async read() {
      if (closed) return undefined;
      if (!read) {
        const opened = await ownConnection(db);
        if (closed) {
          opened?.close();
          return undefined;
        }
        own = opened;
        read = pages(own ? { ...db, kysely: own.kysely } : db);
      }
      const rows = await read();
      if (!rows) close();
      return rows;
    },
  };
}

interface OwnConnection {
  kysely: Kysely<Database>;
  close: () => void;
}

/** A read-only connection to `db`'s SQLite file with a small page cache, or undefined where there is none. */
async function ownConnection(db: Db): Promise<OwnConnection | undefined> {
  if (db.dialect !== "sqlite") return undefined;
  const { rows } = await sql<{ name: string; file: string }>`pragma database_list`.execute(db.kysely);
  const file = rows.find((row) => row.name === "main")?.file;
  if (!file) return undefined;
  const sqlite = openSqlite(file, { readonly: true, fileMustExist: true });
  sqlite.pragma(`cache_size = -${BULK_READ_CACHE_KB}`);
  sqlite.pragma("busy_timeout = 5000");
  const kysely = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withBooleans(sqlite) }),
    plugins: [new CamelCasePlugin()],
  });
  // Closed here, not by Kysely's destroy, which closes only a connection it has run a query on.
  return { kysely, close: () => sqlite.close() };
}
