import fs from "node:fs";
import path from "node:path";
import type { Readable } from "node:stream";
import { CamelCasePlugin, Kysely, SqliteDialect } from "kysely";
import pg from "pg";
import { pgChangeMark } from "./postgres-change-mark";
import { copyOut } from "./postgres-copy-out";
import { postgresPool } from "./postgres-pool";
import type { Database } from "./schema";
import { SchemaScopedPostgresDialect } from "./schema-introspector";
import { changeMarkOf, ownerOnly, withBooleans } from "./sqlite-connection";
import { openSqlite } from "./sqlite-driver";

export type DialectName = "sqlite" | "postgres";

export interface Db {
  kysely: Kysely<Database>;
  dialect: DialectName;
  /** The PostgreSQL schema worked in, when not the default. */
  schema?: string | undefined;
  /** Tells of a lost database connection (PostgreSQL); the pool replaces it, so nothing else is needed. */
  onConnectionError(listener: (error: Error) => void): void;
  /**
   * A number that stays the same for as long as nothing in the database changed, by this process or by any
   * other. A value read while it stays the same is still current, so a process may reuse it without asking
   * the database again (the session check, the consultant detail; db/kept-reads.ts). On SQLite it moves on
   * the engine's own counters; on PostgreSQL on every write this process runs and on every notice of a
   * commit elsewhere (migration 021), which arrives a moment after that commit. Undefined when it cannot tell:
   * on SQLite while a transaction is open on the connection, on PostgreSQL while the listener is not
   * connected.
   */
  changeMark(): number | undefined;
  /**
   * How long the oldest query of this process still waiting for a database connection has waited, in ms: 0
   * when none waits (always on SQLite, whose one connection is never waited for in a queue of ours). The
   * readiness check answers 503 past a second, so a load balancer sends the work elsewhere.
   */
  waitedMs(): number;
  /**
   * PostgreSQL only: the bytes a `COPY ... TO STDOUT` statement sends (db/csv-copy.ts), on a connection of
   * its own, read only as fast as the stream is read. Destroying the stream before its end closes that
   * connection, which ends the COPY in the database.
   */
  copyOut?(statement: string): Readable;
  close(): Promise<void>;
}

export interface DbOptions {
  /** postgres://... or unset for the embedded SQLite file. */
  databaseUrl?: string | undefined;
  /** Folder of the embedded database file. */
  dataDir: string;
  /** SQLite file name inside dataDir; ":memory:" for a throw-away database. */
  sqliteFile?: string;
  /** PostgreSQL schema to work in (tests isolate themselves in a fresh schema). */
  pgSchema?: string;
  /** PostgreSQL: connections this process opens at most (DATABASE_POOL_SIZE). */
  pgPoolSize?: number;
  /** PostgreSQL: how long a query waits for a connection before it fails (DATABASE_POOL_TIMEOUT_MS). */
  pgAcquireTimeoutMs?: number;
  /** SQLite: open an in-memory copy of this database file's bytes instead (tests start from a migrated one). */
  sqliteImage?: Buffer;
}

/** The pool's defaults (config.ts reads DATABASE_POOL_SIZE and DATABASE_POOL_TIMEOUT_MS over them). */
export const PG_POOL_SIZE = 20;
export const PG_ACQUIRE_TIMEOUT_MS = 10_000;

/** The most memory SQLite's page cache of the database may hold, in MB. */
export const SQLITE_CACHE_MB = 64;

export function createDb(options: DbOptions): Db {
  const plugins = [new CamelCasePlugin()];
  if (options.databaseUrl) {
    setPgTypeParsers();
    const { pool, waitedMs } = postgresPool({
      connectionString: options.databaseUrl,
      max: options.pgPoolSize ?? PG_POOL_SIZE,
      // While PostgreSQL is unreachable, or every connection is busy, a request fails in bounded time (503)
      // instead of waiting for ever.
      acquireTimeoutMs: options.pgAcquireTimeoutMs ?? PG_ACQUIRE_TIMEOUT_MS,
      // public stays on the path for the pg_trgm operators.
      ...(options.pgSchema ? { options: `-c search_path=${options.pgSchema},public` } : {}),
    });
    // A connection that PostgreSQL drops (a restart, an outage) emits "error" on its client, idle or in use:
    // unheard, that event would end the process. The query in flight fails on its own and the pool opens a
    // new connection on the next request, so the API recovers by itself when the database is back.
    const listeners: Array<(error: Error) => void> = [];
    const tell = (error: Error) => {
      for (const listener of listeners) listener(error);
    };
    const changes = pgChangeMark({
      connectionString: options.databaseUrl,
      application_name: `visadesk changes ${options.pgSchema ?? ""}`.trim(),
    });
    pool.on("connect", (client) => {
      client.on("error", tell);
      // Kysely runs every query as query(text, values). Anything but a read moves the change mark once it is
      // answered (a write, a commit, a rollback), so this process reads its own writes at once, before their
      // notice comes back.
      const query = client.query.bind(client) as (config: unknown, values?: unknown) => unknown;
      Object.assign(client, {
        query(config: unknown, values?: unknown) {
          const answer = query(config, values);
          if (typeof config === "string" && !READ.test(config)) {
            (answer as Promise<unknown>).finally(changes.moved).catch(() => {});
          }
          return answer;
        },
      });
    });
    pool.on("error", () => {}); // the pool re-emits an idle client's error, already told above

    const kysely = new Kysely<Database>({
      dialect: new SchemaScopedPostgresDialect({ pool }, options.pgSchema),
      plugins,
    });
    return {
      kysely,
      dialect: "postgres",
      schema: options.pgSchema,
      onConnectionError: (listener) => void listeners.push(listener),
      changeMark: changes.mark,
      waitedMs,
      copyOut: (statement) => copyOut(pool, statement),
      close: async () => {
        await changes.close();
        await kysely.destroy();
      },
    };
  }
  const file = options.sqliteFile ?? "visadesk.sqlite";
  const filePath = file === ":memory:" ? undefined : path.join(options.dataDir, file);
  if (filePath) {
    fs.mkdirSync(options.dataDir, { recursive: true, mode: 0o700 });
    ownerOnly(filePath);
  }
  const sqlite = openSqlite(options.sqliteImage ?? filePath ?? file);
  sqlite.pragma("journal_mode = WAL");
  // SQLite makes -wal and -shm with the database file's mode; ones left by an older version are fixed here.
  if (filePath) ownerOnly(filePath);
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  // SQLite's own page cache is 2 MB by default: at a million consultants, the few thousand rows and index
  // pages a search reads no longer fit, and each request fetched them again from the OS (a third of the
  // header search's time). It grows only as pages are read.
  sqlite.pragma(`cache_size = -${SQLITE_CACHE_MB * 1024}`);
  const database = withBooleans(sqlite);
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database }), plugins });
  return {
    kysely,
    dialect: "sqlite",
    onConnectionError: () => {},
    changeMark: changeMarkOf(sqlite),
    waitedMs: () => 0,
    close: () => kysely.destroy(),
  };
}

/** A statement that only reads: it leaves the change mark where it is. */
const READ = /^\s*(select|show|explain)\b/i;
let pgParsersSet = false;
/** Answers read the same on both engines: ISO timestamps, numbers for counts and numerics. */
function setPgTypeParsers() {
  if (pgParsersSet) return;
  pgParsersSet = true;
  const { types } = pg;
  types.setTypeParser(types.builtins.INT8, (value) => Number(value));
  types.setTypeParser(types.builtins.NUMERIC, (value) => Number(value));
  types.setTypeParser(types.builtins.TIMESTAMPTZ, (value) => new Date(value).toISOString());
  types.setTypeParser(types.builtins.DATE, (value) => value);
}
