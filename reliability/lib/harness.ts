import { randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { openSqlite } from "../../apps/api/src/db/sqlite-driver";
import { type RunningServer, signIn, startServer } from "../../bench/lib/server";
import type { Kind, StoredRow } from "./ledger";

const root = path.resolve(import.meta.dirname, "../..");
export const ADMIN = {
  email: "reliability-admin@visadesk.test",
  password: randomBytes(12).toString("base64url"),
};
const JWT_SECRET = randomBytes(36).toString("base64url");

/** A fresh temporary folder for one test's database file and server log. */
export function workFolder(name: string) {
  return fs.mkdtempSync(path.join(os.tmpdir(), `visadesk-${name}-`));
}

/**
 * The real server (apps/api/src/server.ts) as a child process on 127.0.0.1, on the SQLite file in dataDir
 * or on databaseUrl. No web app is served (the API is what is measured), no demo data, logs at warn.
 */
export function startApi(options: {
  dataDir: string;
  databaseUrl?: string;
  logFile?: string;
  port?: number;
  /** Settings over the defaults below. */
  env?: Record<string, string>;
}): Promise<RunningServer> {
  return startServer({
    root,
    ...(options.port ? { port: options.port } : {}),
    logFile: options.logFile ?? path.join(options.dataDir, "server.log"),
    env: {
      NODE_ENV: "production",
      DATA_DIR: options.dataDir,
      // Empty means the embedded SQLite file, whatever the test process's own environment says.
      DATABASE_URL: options.databaseUrl ?? "",
      JWT_SECRET,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      DEMO_DATA: "false",
      LOG_LEVEL: "warn",
      LOGIN_RATE_LIMIT: "1000",
      REGISTER_RATE_LIMIT: "1000",
      // Simulated customers retry a taken time at once, far past a person's pace.
      CUSTOMER_BOOKING_WRITES_PER_HOUR: "10000",
      BUSINESS_TIMEZONE: "Asia/Karachi",
      WEB_DIST: path.join(options.dataDir, "no-web-app"),
      ...options.env,
    },
  });
}

/** A few signed-in sessions of the Admin, shared by the load's clients (sign-in is slow on purpose). */
export async function signInSessions(url: string, count: number) {
  const sessions: Array<Record<string, string>> = [];
  for (let i = 0; i < count; i += 1) sessions.push((await signIn(url, ADMIN.email, ADMIN.password)).headers);
  return sessions;
}

/** Consultants every client books and nobody deletes, created before the load. */
export async function createAnchors(url: string, headers: Record<string, string>, count: number) {
  const anchors: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const guidId = randomUUID();
    const body = new FormData();
    const fields = {
      GuidId: guidId,
      Name: `Shared consultant ${i + 1}`,
      BusinessName: "Shared Visa Advisers",
      ContactEmail: `shared-${guidId}@example.com`,
      PhoneNumber: "+92 300 7654321",
    };
    for (const [name, value] of Object.entries(fields)) body.append(name, value);
    const response = await fetch(`${url}/api/v2/Consultants/register`, { method: "POST", headers, body });
    if (response.status !== 201)
      throw new Error(`anchor consultant: ${response.status} ${await response.text()}`);
    anchors.push(guidId);
  }
  return anchors;
}

// The rows the load writes, read back by the key the clients chose (consultant and appointment guidId,
// app user email): soft-deleted consultants and app users read as not present.
const READ_BACK: Record<Kind, string> = {
  consultant: "select guid_id as key, guid_id, id, name as label, deleted_at from consultants",
  appointment:
    "select guid_id as key, guid_id, id, description as label, null as deleted_at from appointments",
  appUser:
    "select lower(email) as key, guid_id, id, first_name as label, deleted_at from users where role = 'AppUser'",
};

interface RawRow {
  key: string;
  guid_id: string;
  id: number | string;
  label: string | null;
  deleted_at: unknown;
}

function toRows(kind: Kind, raw: RawRow[], into: Map<string, StoredRow>) {
  for (const row of raw) {
    into.set(`${kind}:${row.key}`, {
      guidId: row.guid_id,
      id: Number(row.id),
      label: row.label ?? "",
      present: row.deleted_at === null,
    });
  }
}

/** The SQLite file opened read-only: the records the load wrote, and PRAGMA integrity_check. */
export function readSqlite(dataDir: string) {
  const sqlite = openSqlite(path.join(dataDir, "visadesk.sqlite"), {
    readonly: true,
    fileMustExist: true,
  });
  try {
    const rows = new Map<string, StoredRow>();
    for (const kind of Object.keys(READ_BACK) as Kind[]) {
      toRows(kind, sqlite.prepare(READ_BACK[kind]).all() as RawRow[], rows);
    }
    const integrity = (sqlite.pragma("integrity_check") as Array<{ integrity_check: string }>)
      .map((row) => row.integrity_check)
      .join("; ");
    return { rows, integrity };
  } finally {
    sqlite.close();
  }
}

/** The same records read from PostgreSQL. */
export async function readPostgres(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const rows = new Map<string, StoredRow>();
    for (const kind of Object.keys(READ_BACK) as Kind[]) {
      toRows(kind, (await client.query(READ_BACK[kind])).rows as RawRow[], rows);
    }
    return rows;
  } finally {
    await client.end();
  }
}

/** A fresh PostgreSQL database beside DATABASE_URL's, dropped again by `drop`. */
export async function freshPostgresDatabase(databaseUrl: string, prefix: string) {
  const name = `${prefix}_${Date.now()}_${randomBytes(3).toString("hex")}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** CPU seconds (user + system) a process has used so far (Linux /proc): a figure the machine's load does not skew. */
export function cpuSeconds(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  // utime and stime are fields 14 and 15 of the line, in clock ticks (100 a second on Linux).
  return (Number(fields[11]) + Number(fields[12])) / 100;
}
