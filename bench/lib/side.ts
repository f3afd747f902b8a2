import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { sql } from "kysely";
import { createDb, type Db } from "../../apps/api/src/db/database";
import { type BulkCounts, type BulkResult, generateBulkData } from "../../apps/api/src/db/seed/generate";
import type { RunOptions } from "../options";
import type { Session } from "./browser";
import { fmt, say } from "./log";
import { type RunningServer, signIn, startServer } from "./server";
import { describeCounts } from "./sizes";
import { chooseTargets, type Targets } from "./targets";

/** The repository's root, where the server is started from. */
export const root = path.resolve(import.meta.dirname, "../..");
export const TIME_ZONE = "Asia/Karachi";
/** The first Admin of every bench server; its password is new each run. */
export const ADMIN = { email: "bench-admin@visadesk.test", password: randomBytes(12).toString("base64url") };
const JWT_SECRET = randomBytes(36).toString("base64url");

/** The customer site's address on the bench's server, and where its build goes beside the back-office's. */
export const CUSTOMER_SITE = "/book/";
export const bookDist = (dist: string) => path.join(path.dirname(dist), "book-dist");

/** A run's options and its scratch folder: `work` holds the databases and logs, `dist` the web builds. */
export interface Bench extends RunOptions {
  work: string;
  dist: string;
}

/** One server with its own database, session, and the records the figures ask for. */
export interface Side {
  name: "small" | "large";
  server: RunningServer;
  db: Db;
  session: Session;
  targets: Targets;
  headers: Record<string, string>;
  loaded: BulkResult;
  /** The PostgreSQL database the side's server runs on; undefined on SQLite. */
  databaseUrl?: string | undefined;
  tab?: Page;
}

export function serverEnv(dist: string): Record<string, string> {
  return {
    NODE_ENV: "production",
    LOG_LEVEL: "warn",
    DEMO_DATA: "false",
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    WEB_DIST: dist,
    CUSTOMER_SITE_DIST: bookDist(dist),
    JWT_SECRET,
    LOGIN_RATE_LIMIT: "1000",
    REGISTER_RATE_LIMIT: "1000",
    // Every simulated customer comes from this one address.
    DIRECTORY_RATE_LIMIT: "1000000",
    // Simulated customers retry a taken time at once, far past a person's pace.
    CUSTOMER_BOOKING_WRITES_PER_HOUR: "10000",
  };
}

/** The first Admin's session on a server started with serverEnv. */
export function signInAsAdmin(url: string) {
  return signIn(url, ADMIN.email, ADMIN.password);
}

/**
 * A server on its own fresh database (it creates the first Admin), then loaded with the generator:
 * a temporary SQLite file, or the PostgreSQL database at `databaseUrl`.
 */
export async function startSide(
  bench: Bench,
  name: Side["name"],
  databaseUrl?: string,
  counts: BulkCounts = bench.plan[name],
): Promise<Side> {
  const { work, dist } = bench;
  const dataDir = path.join(work, databaseUrl ? `${name}-pg` : name);
  fs.mkdirSync(dataDir, { recursive: true });
  const env = { ...serverEnv(dist), DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? "" };
  const server = await startServer({
    root,
    env,
    logFile: path.join(work, `${name}${databaseUrl ? "-pg" : ""}.log`),
  });
  const db = databaseUrl ? createDb({ databaseUrl, dataDir }) : createDb({ dataDir });
  try {
    const loaded = await generateBulkData(db, counts, { businessTimeZone: TIME_ZONE, seed: 42 });
    say(
      `  added ${fmt(loaded.totalRows)} rows in ${loaded.seconds.toFixed(1)} s (${fmt(Math.round(loaded.rowsPerSecond))} rows/s)`,
    );
    // As autovacuum leaves a live database after a load: planner statistics, and the pages marked
    // all-visible, so that an index-only scan need not visit the table for each row it finds.
    if (databaseUrl) await sql`vacuum analyze`.execute(db.kysely);
    const session = await signInPatiently(server.url);
    const targets = await chooseTargets(db);
    return {
      name,
      server,
      db,
      session,
      targets,
      loaded,
      headers: session.headers,
      databaseUrl,
    };
  } catch (error) {
    console.error(
      `server "${name}" ${server.exited() ? "had exited" : "was running"}; its log ends:\n${server.logTail()}`,
    );
    await server.stop();
    await db.close();
    throw error;
  }
}

/**
 * The small and the large side on SQLite, each added to `sides` as soon as it runs, so the caller stops
 * the first even when the second fails to start.
 */
export async function startPair(bench: Bench, sides: Side[]) {
  for (const name of ["small", "large"] as const) {
    say(`server "${name}": loading ${describeCounts(bench.plan[name])}`);
    sides.push(await startSide(bench, name));
  }
  await signInAgain(sides);
}

/**
 * Each side signed in again once all are loaded: the small side's session dates from before the large
 * side's load, which at 1M rows on a busy machine outlasts an access token (a run had every PostgreSQL
 * figure answered 401).
 */
export async function signInAgain(sides: Side[]) {
  for (const side of sides) {
    side.session = await signInPatiently(side.server.url);
    side.headers = side.session.headers;
  }
}

/** Stops each side's server and closes its database. */
export async function stopSides(sides: Side[]) {
  for (const side of sides) {
    await side.server.stop();
    await side.db.close();
  }
}

/** Explains a failed run: whether each side's server still ran, and the end of its log. */
export function printLogTails(sides: Side[]) {
  for (const side of sides) {
    console.error(
      `server "${side.name}" ${side.server.exited() ? "had exited" : "was running"}; its log ends:\n${side.server.logTail()}`,
    );
  }
}

/** Sign-in, tried three times: right after a long bulk load on a busy machine a first attempt can fail. */
async function signInPatiently(url: string) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await signInAsAdmin(url);
    } catch (error) {
      const cause = (error as { cause?: unknown }).cause;
      say(
        `  sign-in attempt ${attempt} failed: ${(error as Error).message}${cause ? ` (${String(cause)})` : ""}`,
      );
      if (attempt === 3) throw error;
      await new Promise((resolve) => setTimeout(resolve, 2_000));
    }
  }
}

/** The same rare words are searched on both sides: those of the small side's first records. */
export function shareTerms(small: Side, large: Side) {
  large.targets = {
    ...large.targets,
    consultantTerm: small.targets.consultantTerm,
    appUserTerm: small.targets.appUserTerm,
    cnicFragment: small.targets.cnicFragment,
  };
}
