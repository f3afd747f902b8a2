import { createRequire } from "node:module";
import type BetterSqlite3 from "better-sqlite3";

/*
 * The one place that loads the SQLite driver: everything that opens a SQLite file (the API, the reliability
 * runs' read-back) goes through openSqlite below.
 *
 * Two majors of better-sqlite3 are installed, because no single one works on every Node we support:
 * - better-sqlite3 12 builds against Node's C++ internals (node::ObjectWrap). Built with the headers of
 *   Node 24.19 and later, freeing a prepared statement can abort the process ("Assertion failed: (env) !=
 *   nullptr" in RemoveEnvironmentCleanupHook, from Statement::~Statement): vitest's workers died of it.
 * - better-sqlite3 13 moved to Node-API, which fixes that, but declares Node >= 22 and crashes on Node 20.
 * So 12 stays the plain "better-sqlite3" dependency, and 13 is the optional dependency "better-sqlite3-napi"
 * (an alias of better-sqlite3@13). npm skips an optional dependency whose engines exclude the running Node,
 * so neither Node warns about a driver's engines on install: Node 20 gets 12 alone, Node 22 and later get both, and
 * the rule below picks 13 from the first major its engines admit.
 */

/** The first Node major that better-sqlite3 13 supports (its engines: ">=22"). */
export const NAPI_DRIVER_FROM_NODE = 22;

export type SqliteDriverName = "better-sqlite3" | "better-sqlite3-napi";

/** The driver package to load on the given Node version ("24.21.0", or process.version's "v24.21.0"). */
export function sqliteDriverFor(nodeVersion: string): SqliteDriverName {
  const major = Number.parseInt(nodeVersion.replace(/^v/, ""), 10);
  if (!Number.isInteger(major)) throw new Error(`Not a Node.js version: ${nodeVersion}`);
  return major >= NAPI_DRIVER_FROM_NODE ? "better-sqlite3-napi" : "better-sqlite3";
}

/** Both majors share one API for what the project uses, so the types of 12 describe either. */
export type SqliteConnection = BetterSqlite3.Database;
export type SqliteStatement = BetterSqlite3.Statement;
export type SqliteOptions = BetterSqlite3.Options;

let driver: typeof BetterSqlite3 | undefined;

function loadDriver(): typeof BetterSqlite3 {
  if (driver) return driver;
  const name = sqliteDriverFor(process.versions.node);
  const require = createRequire(import.meta.url);
  try {
    driver = require(name) as typeof BetterSqlite3;
  } catch (error) {
    throw new Error(
      `The SQLite driver for Node ${process.versions.node} (${name}) could not be loaded: run npm install ` +
        "with this Node (the native driver is installed for the Node that ran the install)",
      { cause: error },
    );
  }
  return driver;
}

/** Opens a SQLite database file (or ":memory:") with the driver that fits the running Node. */
export function openSqlite(file: string | Buffer, options?: SqliteOptions): SqliteConnection {
  const Database = loadDriver();
  return new Database(file, options);
}
