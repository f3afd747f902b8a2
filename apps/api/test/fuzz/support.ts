import { createHash } from "node:crypto";
import path from "node:path";
import { ERROR_CODE_PATTERN, ERROR_CODES } from "@visadesk/contract/error-codes";
import fc from "fast-check";
import type { InjectOptions, LightMyRequestResponse, RouteOptions } from "fastify";
import { type RawBuilder, sql, type TableMetadata } from "kysely";
import { afterAll, beforeAll, expect } from "vitest";
import type { Db } from "#api/db/database";
import { seedDemoData } from "#api/db/seed/demo";
import { createTestApp, type TestApp } from "../helpers";
import { type JsonSchema, jsonSchemaOf } from "./hostile";

/** One route to fuzz, with the JSON Schemas of what it declares it takes. */
export interface FuzzTarget {
  method: string;
  /** As registered: /api/v2/Consultants/:id */
  url: string;
  /** Takes a multipart form (declared with consumes, or a declaration's form) rather than JSON. */
  multipart: boolean;
  public: boolean;
  body: JsonSchema | undefined;
  query: JsonSchema | undefined;
  params: JsonSchema | undefined;
  /**
   * Hashes or checks a password when its input is valid (argon2id is slow on purpose), or ends the
   * session so that the next request must sign in again: it gets fewer runs.
   */
  costly: boolean;
}

/**
 * Every route the app registered (taken from the app itself, so a route added later is fuzzed too), less
 * the HEAD twins Fastify adds to GET routes: a HEAD answer has no body to check, and its GET is fuzzed.
 */
export function fuzzTargets(routes: readonly RouteOptions[]): FuzzTarget[] {
  const targets = new Map<string, FuzzTarget>();
  for (const route of routes) {
    for (const method of [route.method].flat()) {
      if (method === "HEAD" || method === "OPTIONS") continue;
      const schema = route.schema ?? {};
      const consumes = (schema as { consumes?: string[] }).consumes ?? [];
      // A route registered from a declaration with a form lists its media types in its body instead.
      const content = (schema.body as { content?: object } | undefined)?.content ?? {};
      targets.set(`${method} ${route.url}`, {
        method,
        url: route.url,
        multipart: consumes.includes("multipart/form-data") || "multipart/form-data" in content,
        public:
          route.config?.auth === "public" ||
          !route.url.startsWith("/api/") ||
          route.url.startsWith("/api/docs"),
        body: jsonSchemaOf(schema.body),
        query: jsonSchemaOf(schema.querystring),
        params: jsonSchemaOf(schema.params),
        costly: /connect\/(verify-login|register|reset-password|logout)|adduser|update-user/.test(route.url),
      });
    }
  }
  return [...targets.values()];
}

/**
 * What a refused request may change, as that is its job: counters of attempts (the rate limit, the
 * sign-in lockout's failures) and the moment a session was last used.
 */
const BOOKKEEPING_TABLES = new Set(["rate_limits", "sign_in_failures"]);
const BOOKKEEPING_COLUMNS = new Set(["last_seen_at"]);
/** A refused sign-in is itself an audited event: its audit row is the one a refused request may add. */
const RECORDED_REFUSALS: Record<string, RawBuilder<unknown>> = {
  audit_log: sql`action <> 'sign-in-failed'`,
};

/**
 * A fingerprint of the whole database: per table, the row count and a hash of every row. Tables are read
 * from the database itself, so a table added later is covered; bookkeeping is left out. The database joins
 * each table's rows, sorted, into one text (a JSON array per row), so no row becomes an object here. A
 * binary column counts by its length: the product writes a file's bytes once, under a new id.
 */
export async function fingerprint(db: Db): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  const jsonArray = db.dialect === "sqlite" ? "json_array" : "json_build_array";
  for (const table of await tablesOf(db)) {
    const values = table.columns
      .filter((column) => !BOOKKEEPING_COLUMNS.has(column.name))
      .map((column) => {
        const ref = sql.ref(column.name);
        // SQLite's columns take any type of value, whatever they were declared with.
        if (db.dialect === "sqlite")
          return sql`case typeof(${ref}) when 'blob' then length(${ref}) else ${ref} end`;
        return column.dataType === "bytea" ? sql`length(${ref})` : ref;
      });
    const where = RECORDED_REFUSALS[table.name] ?? sql`true`;
    const { rows } = await sql<{ n: number | string; text: string | null }>`
      select count(*) as n, string_agg(x, ${"\n"} order by x) as text
        from (select ${sql.raw(jsonArray)}(${sql.join(values)})${sql.raw(db.dialect === "postgres" ? "::text" : "")} as x
                from ${sql.table(table.name)} where ${where}) rows`.execute(db.kysely);
    const hash = createHash("sha256").update(rows[0]?.text ?? "");
    out[table.name] = `${rows[0]?.n} rows ${hash.digest("hex").slice(0, 16)}`;
  }
  return out;
}

/**
 * A number that moves whenever anything may have been written: SQLite's count of changed rows on its one
 * connection, PostgreSQL's next transaction id (moved by any writing transaction on the server, so other
 * suites running at the same time only cost a full fingerprint). While it stands still, nothing changed
 * and the full fingerprint can be skipped.
 */
export async function writeCounter(db: Db): Promise<string> {
  const query =
    db.dialect === "sqlite"
      ? sql<{ n: unknown }>`select total_changes() as n`
      : sql<{ n: unknown }>`select pg_snapshot_xmax(pg_current_snapshot())::text as n`;
  const { rows } = await query.execute(db.kysely);
  return String(rows[0]?.n);
}

const tableNames = new WeakMap<Db, Promise<TableMetadata[]>>();
function tablesOf(db: Db) {
  let tables = tableNames.get(db);
  if (!tables) {
    tables = db.kysely.introspection
      .getTables()
      .then((all) => all.filter((table) => !BOOKKEEPING_TABLES.has(table.name)));
    tableNames.set(db, tables);
  }
  return tables;
}

// What an answer must never show: stack frames, source paths, driver errors or SQL.
const LEAKS: ReadonlyArray<[string, RegExp]> = [
  ["a stack frame", /\bat \S+ \(|\n\s+at /],
  [
    "a source path",
    new RegExp(`node_modules|\\.[cm]?[jt]s:\\d+|${escapeRegExp(path.resolve("/", process.cwd()))}`),
  ],
  [
    "a database error",
    /SQLITE_|SqliteError|no such (table|column)|constraint failed|syntax error at or near|violates .* constraint|invalid input syntax|out of range for type|invalid byte sequence|duplicate key value|relation ".*" does not exist|\bpg_|ECONNREFUSED/i,
  ],
  ["SQL", /\b(select|insert|update|delete)\b[\s\S]*\b(from|into|set)\b\s+["`]?[a-z_]+["`]?\s/i],
];

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Every key and text in a JSON value, as a reader of the answer would see them (unescaped). */
function textsOf(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (value === null || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([key, item]) => [key, ...textsOf(item)]);
}

/** A short description of a request for a failure message (bodies cut: they can be megabytes). */
export function describeRequest(request: InjectOptions) {
  const payload = request.payload === undefined ? "" : String(request.payload).slice(0, 300);
  return `${request.method} ${String(request.url).slice(0, 300)} ${payload}`;
}

/** The keys of the product's error answer ({ message, code, error?, fieldErrors? }; a 5xx adds its requestId). */
const ERROR_KEYS = new Set(["message", "code", "error", "fieldErrors", "requestId"]);
const CATALOGUED_CODES = new Set(ERROR_CODES);

/**
 * The properties every answer must have: never a 5xx; a 4xx carries a JSON body with a readable,
 * non-empty message that shows no internals. `sent` is the request text, since a message may fairly
 * quote what the client sent (a 404 names the path).
 */
export function checkAnswer(response: LightMyRequestResponse, request: InjectOptions) {
  const where = describeRequest(request);
  if (response.statusCode >= 500) {
    throw new Error(`${response.statusCode} for ${where}\nanswer: ${response.body.slice(0, 500)}`);
  }
  if (response.statusCode < 400) return;
  const type = String(response.headers["content-type"] ?? "");
  if (!type.startsWith("application/json")) {
    throw new Error(`${response.statusCode} with content-type "${type}" for ${where}`);
  }
  let body: { message?: unknown; code?: unknown };
  try {
    body = response.json();
  } catch {
    throw new Error(
      `${response.statusCode} with a body that is not JSON for ${where}: ${response.body.slice(0, 200)}`,
    );
  }
  const message = body.message;
  if (typeof message !== "string" || message.trim() === "" || /^\[object |^undefined$|^null$/.test(message)) {
    throw new Error(
      `${response.statusCode} without a readable message for ${where}: ${response.body.slice(0, 300)}`,
    );
  }
  const sent = `${String(request.url)} ${String(request.payload ?? "")}`;
  const shown = textsOf(body).join("\n");
  for (const [what, pattern] of LEAKS) {
    const match = shown.match(pattern);
    if (match && !sent.includes(match[0])) {
      throw new Error(
        `${response.statusCode} shows ${what} ("${match[0]}") for ${where}: ${response.body.slice(0, 300)}`,
      );
    }
  } // The product's error shape and nothing else: not the framework's own (code, statusCode).
  const extra = Object.keys(body).filter((key) => !ERROR_KEYS.has(key));
  if (extra.length > 0 || response.body.includes("FST_")) {
    throw new Error(
      `${response.statusCode} not in the product's error shape for ${where}: ${response.body.slice(0, 300)}`,
    );
  }
  // A stable code from the one catalogue, for a client to tell refusals of one status apart.
  const code = body.code;
  if (typeof code !== "string" || !ERROR_CODE_PATTERN.test(code) || !CATALOGUED_CODES.has(code)) {
    throw new Error(
      `${response.statusCode} without a catalogued code for ${where}: ${response.body.slice(0, 300)}`,
    );
  }
}

/** Ids of seeded records (live, deleted, of other records) for the fuzzers to aim at. */
export type Samples = Record<"consultant" | "user" | "appointment", string[]>;

/** A loopback address other than the one the test accounts sign in from. */
const FUZZ_ADDRESS = "127.0.0.2";

export interface FuzzSuite {
  t: TestApp;
  targets: FuzzTarget[];
  samples: Samples;
  /** The signed-in Admin's headers, spread as given (they may carry more than the bearer token). */
  adminHeaders: () => Record<string, string>;
  /** Sends one request, checks the answer and that a refused request left the database as it was. */
  send(request: InjectOptions, target: FuzzTarget): Promise<LightMyRequestResponse>;
}

/**
 * An app on a fresh database with the demo records (consultants, users, appointments, one of each
 * deleted), a signed-in Admin, and a send() that checks every answer.
 */
export function useFuzzApp(): FuzzSuite {
  let baseline: Record<string, string> = {};
  let lastCounter = "";
  const tally: Record<string, Record<number, number>> = {};
  let admin: Awaited<ReturnType<TestApp["signIn"]>>;
  const suite = {
    targets: [] as FuzzTarget[],
    samples: { consultant: [], user: [], appointment: [] } as Samples,
    adminHeaders: () => ({ ...admin.headers }) as Record<string, string>,
    async send(request: InjectOptions, target: FuzzTarget) {
      // From an address of their own, so the sign-in lockout they run into never stops the Admin's sign-in.
      const response = await suite.t.app.inject({ remoteAddress: FUZZ_ADDRESS, ...request });
      const route = `${target.method} ${target.url}`;
      tally[route] ??= {};
      tally[route][response.statusCode] = (tally[route][response.statusCode] ?? 0) + 1;
      checkAnswer(response, request);
      const counter = await writeCounter(suite.t.db);
      const after = counter === lastCounter ? baseline : await fingerprint(suite.t.db);
      lastCounter = counter;
      if (response.statusCode >= 400) {
        const changed = Object.keys(after).filter((table) => after[table] !== baseline[table]);
        if (changed.length > 0) {
          throw new Error(
            `${response.statusCode} for ${describeRequest(request)} but ${changed.join(", ")} changed`,
          );
        }
      }
      baseline = after;
      // A fuzzed request may end the Admin's own session (logout): sign in afresh for the next ones.
      const asAdmin =
        (request.headers as Record<string, unknown> | undefined)?.authorization ===
        admin.headers.authorization;
      if (asAdmin && response.statusCode === 401) {
        admin = await suite.t.signIn("Admin");
        baseline = await fingerprint(suite.t.db);
        lastCounter = await writeCounter(suite.t.db);
      }
      return response;
    },
  } as FuzzSuite;

  beforeAll(async () => {
    suite.t = await createTestApp();
    const { t } = suite;
    await seedDemoData(t.db, { log: t.app.log, businessTimeZone: t.config.businessTimeZone });
    admin = await t.signIn("Admin");
    const now = new Date().toISOString();
    const consultants = await t.db.kysely
      .selectFrom("consultants")
      .select(["id", "guidId"])
      .limit(3)
      .execute();
    await t.db.kysely
      .updateTable("consultants")
      .set({ deletedAt: now })
      .where("id", "=", consultants[2]!.id)
      .execute();
    const users = await t.db.kysely
      .selectFrom("users")
      .select(["id", "guidId", "role"])
      .where("role", "=", "AppUser")
      .limit(2)
      .execute();
    await t.db.kysely.updateTable("users").set({ deletedAt: now }).where("id", "=", users[1]!.id).execute();
    const staff = await t.db.kysely
      .selectFrom("users")
      .select("guidId")
      .where("status", "=", "pending")
      .limit(1)
      .execute();
    const appointments = await t.db.kysely
      .selectFrom("appointments")
      .select(["id", "guidId"])
      .limit(2)
      .execute();
    suite.samples = {
      consultant: consultants.flatMap((c) => [c.guidId, String(c.id)]),
      user: [
        ...users.flatMap((u) => [u.guidId, String(u.id)]),
        ...staff.map((u) => u.guidId),
        admin.user.guidId,
      ],
      appointment: appointments.flatMap((a) => [a.guidId, String(a.id)]),
    };
    suite.targets = fuzzTargets(t.routes);
    baseline = await fingerprint(t.db);
    lastCounter = await writeCounter(t.db);
  });
  afterAll(async () => {
    if (REPORT) {
      for (const [route, statuses] of Object.entries(tally).sort()) {
        const counts = Object.entries(statuses).map(([status, n]) => `${status}×${n}`);
        console.info(`${route}: ${counts.join(" ")}`);
      }
    }
    await suite.t?.close();
  });
  return suite;
}

// The gate sends the same inputs every run (a fixed seed), so a red run is the code's doing and replays as
// it is; every bug the fuzzers found also has its own regression test beside the code it broke.
// FUZZ_SEED=random hunts with new inputs, FUZZ_SEED=n replays a failure (fast-check prints the seed),
// The gate runs half the runs each property names (its inputs fixed, they are a regression check; finding
// new bugs is a hunt's job): FUZZ_SCALE=1 runs them all, FUZZ_SCALE=10 ten times as many.
// FUZZ_REPORT=1 prints the statuses each route answered.
const GATE_SEED = 20_261_126;
const SCALE = Number(process.env.FUZZ_SCALE ?? 0.5);
const SEED = process.env.FUZZ_SEED === "random" ? undefined : Number(process.env.FUZZ_SEED ?? GATE_SEED);
const REPORT = process.env.FUZZ_REPORT === "1";
/** A fuzz test sends about a thousand requests: well past the suite's 30 s on a busy 2-core machine. */
export const FUZZ_TIMEOUT = 180_000 * Math.max(1, SCALE);

/**
 * The gate's seed for the next property of the running test: fixed, yet different for each property, so the
 * unique names and emails the examples make do not repeat from one route to the next.
 */
const propertiesSoFar = new Map<string, number>();
function gateSeed() {
  const test = expect.getState().currentTestName ?? "";
  const index = propertiesSoFar.get(test) ?? 0;
  propertiesSoFar.set(test, index + 1);
  let hash = GATE_SEED;
  for (const char of `${test}#${index}`) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return hash;
}

/**
 * Runs a property over a route. fast-check prints the seed and path of a failure, so a failing run can
 * be replayed exactly (pass them as { seed, path } to fc.assert).
 */
export async function fuzz<T>(
  arbitrary: fc.Arbitrary<T>,
  numRuns: number,
  check: (value: T) => Promise<void>,
) {
  await fc.assert(fc.asyncProperty(arbitrary, check), {
    numRuns: Math.max(1, Math.round(numRuns * SCALE)),
    endOnFailure: true,
    ...(SEED === undefined ? {} : { seed: SEED === GATE_SEED ? gateSeed() : SEED }),
  });
}

/** Runs per route: costly ones get a fraction, as a password hash takes a noticeable time. */
export function runsFor(target: FuzzTarget, runs: number) {
  return target.costly ? Math.max(5, Math.ceil(runs / 6)) : runs;
}

/**
 * Reads back what the fuzzers stored: every GET route without parameters (whole list and a page), and
 * the detail routes for the newest records. Hostile text that was accepted must also be served.
 */
export async function readEverything(suite: FuzzSuite) {
  const { db } = suite.t;
  const newest = async (table: "consultants" | "users" | "appointments") =>
    (
      await db.kysely.selectFrom(table).select(["id", "guidId"]).orderBy("id", "desc").limit(15).execute()
    ).flatMap((row) => [row.guidId, String(row.id)]);
  const ids = [
    ...(await newest("consultants")),
    ...(await newest("users")),
    ...(await newest("appointments")),
  ];
  let read = 0;
  for (const target of suite.targets.filter((t) => t.method === "GET")) {
    const names = target.url.match(/:[A-Za-z0-9_]+|\*/g) ?? [];
    const paths =
      names.length === 0
        ? [target.url, `${target.url}?page=1&pageSize=100`, `${target.url}?page=2&pageSize=100&search=a`]
        : names.length === 1
          ? ids.map((id) => target.url.replace(names[0] as string, id))
          : [];
    for (const url of paths) {
      read += 1;
      await suite.send({ method: "GET", url, headers: suite.adminHeaders() }, target);
    }
  }
  return read;
}
