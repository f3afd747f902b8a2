import fs from "node:fs";
import path from "node:path";
import type { Readable } from "node:stream";
import { CamelCasePlugin, Kysely, SqliteDialect } from "kysely";
import pg from "pg";
import { to as copyTo } from "pg-copy-streams";
import { CHANGES_CHANNEL } from "./change-channel";
import type { Database } from "./schema";
import { SchemaScopedPostgresDialect } from "./schema-introspector";
import { openSqlite, type SqliteConnection, type SqliteStatement } from "./sqlite-driver";

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
  pgPoolSize?: number;
  /** SQLite: open an in-memory copy of this database file's bytes instead (tests start from a migrated one). */
  sqliteImage?: Buffer;
}

/**
 * The SQLite file holds personal data, CNIC images and password hashes: it and the files SQLite keeps beside
 * it are readable by this user only (0600, like the token secret), made so if missing, and fixed if not.
 */
function ownerOnly(file: string) {
  fs.closeSync(fs.openSync(file, "a", 0o600));
  for (const companion of [file, `${file}-wal`, `${file}-shm`, `${file}-journal`]) {
    try {
      fs.chmodSync(companion, 0o600);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
  }
}

export function createDb(options: DbOptions): Db {
  const plugins = [new CamelCasePlugin()];
  if (options.databaseUrl) {
    setPgTypeParsers();
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.pgPoolSize ?? 10,
      // While PostgreSQL is unreachable a request fails in seconds (503) instead of waiting for ever.
      connectionTimeoutMillis: 5_000,
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
  const database = withBooleans(sqlite);
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database }), plugins });
  return {
    kysely,
    dialect: "sqlite",
    onConnectionError: () => {},
    changeMark: changeMarkOf(sqlite),
    close: () => kysely.destroy(),
  };
}

/**
 * SQLite's own change counters, about 2 µs for the three: data_version moves when another connection commits
 * to the file, and total_changes() when this one writes a row (triggers included; a rollback still counts,
 * which only costs a re-read). Schema changes count too, for the tests that drop a table under a running app.
 * In a transaction the connection may hold rows not yet committed (or about to be rolled back): no mark then.
 */
function changeMarkOf(sqlite: SqliteConnection) {
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

function copyOut(pool: pg.Pool, statement: string): Readable {
  const stream = copyTo(statement);
  pool.connect().then(
    (client) => {
      let released = false;
      const release = (error?: Error) => {
        if (released) return;
        released = true;
        // With an error the pool closes the connection instead of reusing it: the COPY may still be running.
        client.release(error);
      };
      stream.once("end", () => release());
      stream.once("error", (error) => release(error));
      stream.once("close", () => release(stream.readableEnded ? undefined : new Error("COPY stopped early")));
      if (stream.destroyed) release(new Error("COPY stopped before it began"));
      else client.query(stream);
    },
    (error: Error) => stream.destroy(error),
  );
  return stream;
}

/** A statement that only reads: it leaves the change mark where it is. */
const READ = /^\s*(select|show|explain)\b/i;
/** How long the listener waits before connecting again after losing its connection. */
const LISTENER_RETRY_MS = 1_000;
/** How often the listener proves its connection alive, and how long it waits for that answer or to connect. */
const LISTENER_HEARTBEAT_MS = 10_000;
const LISTENER_TIMEOUT_MS = 5_000;

/**
 * PostgreSQL's change mark: one connection per process LISTENs on the channel every table's trigger notifies
 * on (migration 021). The mark moves on every notice (a commit anywhere, this process's included), on every
 * write this process runs (`moved`, called by the pool's connections) and on every (re)connection of the
 * listener, since notices sent while it was away are lost. While it is not listening there is no mark, so
 * every kept value is read again. It connects on the first call, not at start-up (a script that never keeps
 * a value opens no extra connection), and again at most once a second after losing its connection. A
 * connection that hangs without breaking is found by a heartbeat: no answer within seconds drops it.
 */
function pgChangeMark(config: pg.ClientConfig) {
  let mark = 0;
  let listening = false;
  let closed = false;
  let listener: pg.Client | undefined;
  let heartbeat: NodeJS.Timeout | undefined;
  let retryAt = 0;

  const drop = (gone: pg.Client) => {
    if (gone !== listener) return;
    listener = undefined;
    listening = false;
    clearInterval(heartbeat);
    retryAt = Date.now() + LISTENER_RETRY_MS;
    gone.end().catch(() => {});
  };

  const listen = () => {
    if (listener || closed || Date.now() < retryAt) return;
    const client = new pg.Client({
      ...config,
      connectionTimeoutMillis: LISTENER_TIMEOUT_MS,
      query_timeout: LISTENER_TIMEOUT_MS,
    });
    listener = client;
    client.on("notification", () => {
      mark += 1;
    });
    client.on("error", () => drop(client));
    client.on("end", () => drop(client));
    client
      .connect()
      .then(() => client.query(`listen ${CHANGES_CHANNEL}`))
      .then(() => {
        if (client !== listener) return;
        mark += 1;
        listening = true;
        heartbeat = setInterval(() => {
          client.query("select 1").catch(() => drop(client));
        }, LISTENER_HEARTBEAT_MS).unref();
      })
      .catch(() => drop(client));
  };

  return {
    mark(): number | undefined {
      if (listening) return mark;
      listen();
      return undefined;
    },
    moved() {
      mark += 1;
    },
    async close() {
      closed = true;
      const client = listener;
      listener = undefined;
      listening = false;
      clearInterval(heartbeat);
      await client?.end().catch(() => {});
    },
  };
}

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

/**
 * SQLite has no boolean type: better-sqlite3 refuses JS booleans as parameters and returns 0/1.
 * This wrapper is the one place that bridges it, by the is_* column-name convention.
 */
function withBooleans(sqlite: SqliteConnection) {
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
