import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Role } from "@visadesk/contract/roles";
import argon2 from "argon2";
import type { FastifyInstance, RouteOptions } from "fastify";
import { sql } from "kysely";
import { buildApp } from "../src/app";
import { type Config, testConfig } from "../src/config";
import { createDb, type Db } from "../src/db/database";
import { migrate } from "../src/db/migrate";
import { type Clock, systemClock } from "../src/lib/clock";
import type { Mail } from "../src/lib/mailer";
import { ARGON2_OPTIONS } from "../src/lib/passwords";
import { insertSession } from "../src/modules/auth/repository";
import { BINDING_COOKIE, createTokenService, newBinding } from "../src/modules/auth/tokens";
import { checkAgainstOpenApi } from "./openapi-check";

/** PostgreSQL when DATABASE_URL is set (the CI pass), else a fresh in-memory SQLite database. */
export const TEST_DATABASE_URL = process.env.DATABASE_URL || undefined;
export const dialectName = TEST_DATABASE_URL ? "postgres" : "sqlite";

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: Config;
  /** Every route the app registered, in order (HEAD twins of GET routes included). */
  routes: RouteOptions[];
  /** Mails the app sent (the SMTP server is outside the product: this stands in for it). */
  mails: Mail[];
  /**
   * A signed-in account of the role; `headers` (the bearer token and the binding cookie set at sign-in)
   * is ready to pass to inject as it is.
   */
  signIn(role?: Role): Promise<SignedIn>;
  /**
   * A session minted directly for an account, as a stolen signing key would: for accounts that cannot sign
   * in (AppUsers), to prove the server still refuses them.
   */
  sessionFor(account: TestAccount): Promise<SignedIn>;
  createAccount(account?: Partial<TestAccount>): Promise<TestAccount>;
  /**
   * A second API process on the same database: its own app and its own database connection, as another
   * replica would have. Needs createTestApp({ replicable: true }) on SQLite (one file instead of memory).
   */
  replica(): Promise<{ app: FastifyInstance; db: Db }>;
  close(): Promise<void>;
}

export interface SignedIn {
  token: string;
  headers: { authorization: string; cookie: string };
  user: TestAccount;
}

export interface TestAccount {
  id: number;
  guidId: string;
  userName: string;
  email: string;
  password: string;
  role: Role;
  status: "active" | "pending" | "rejected";
}

/** A movable clock for tests of expiry and of "today" in the business time zone. */
export function testClock(
  start = new Date(),
): Clock & { set(at: Date | string): void; advance(ms: number): void } {
  let now = new Date(start);
  return {
    now: () => new Date(now),
    wait: async (ms) => {
      now = new Date(now.getTime() + ms);
    },
    set: (at) => {
      now = new Date(at);
    },
    advance: (ms) => {
      now = new Date(now.getTime() + ms);
    },
  };
}

const TEST_PASSWORD = "Correct-Horse-9";
/**
 * How accounts made by createAccount store their password. argon2id is slow on purpose (about 0.2 s a
 * verification on a busy core), and most files sign in dozens of times to test something else, so their
 * accounts carry an argon2id hash at 1 MiB and 1 pass: the parameters travel in the hash, so the server's
 * verification is the real one, only cheaper. Files about the hash itself or the time a sign-in takes ask for
 * "product" hashes. What the server writes (register, password change, reset) always uses ARGON2_OPTIONS.
 */
export type AccountHashes = "test" | "product";
const TEST_HASH_OPTIONS = { type: argon2.argon2id, memoryCost: 1024, timeCost: 1, parallelism: 1 } as const;
const hashes = new Map<string, Promise<string>>();
function accountHash(password: string, strength: AccountHashes): Promise<string> {
  const key = `${strength}:${password}`;
  let hash = hashes.get(key);
  if (!hash) {
    hash = argon2.hash(password, strength === "product" ? ARGON2_OPTIONS : TEST_HASH_OPTIONS);
    // Only the shared test password is worth keeping: other passwords are one account's.
    if (password === TEST_PASSWORD) hashes.set(key, hash);
  }
  return hash;
}

/**
 * The bytes of an empty SQLite database with every migration applied, made once per worker: an app's
 * in-memory database starts as a copy of it instead of migrating anew (about 0.15 s an app, paid some
 * hundreds of times a run). Tests of migrations themselves (migrateUntil) still migrate step by step.
 */
let migratedSqlite: Promise<Buffer> | undefined;
function migratedSqliteImage(): Promise<Buffer> {
  migratedSqlite ??= (async () => {
    const db = createDb({ dataDir: os.tmpdir(), sqliteFile: ":memory:" });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "visadesk-template-"));
    try {
      await migrate(db);
      const file = path.join(dir, "migrated.sqlite");
      await sql`vacuum into ${sql.lit(file)}`.execute(db.kysely);
      return fs.readFileSync(file);
    } finally {
      await db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  })();
  return migratedSqlite;
}

export async function createTestApp(
  options: {
    clock?: Clock;
    config?: Partial<Config>;
    /** Serve the web build at config.webDist, as server.ts does. */
    serveWeb?: boolean;
    /** Receives the server's log lines (set config.logLevel too: tests default to silent). */
    logStream?: { write(line: string): void };
    /** On SQLite, keep the database in a temporary file that replica() can open a second connection to. */
    replicable?: boolean;
    /** The product's own mailer (SMTP_URL or the outbox folder) instead of keeping mails in `mails`. */
    realMailer?: boolean;
    /** Run the automatic reminders' worker on its interval, as the server does. */
    reminderWorker?: boolean;
    /** Migrate only up to this migration (tests of what a later one repairs run the rest themselves). */
    migrateUntil?: string;
    /** How createAccount's accounts store their password (see AccountHashes); "test" unless told. */
    accountHashes?: AccountHashes;
  } = {},
): Promise<TestApp> {
  const schema = `test_${randomUUID().replaceAll("-", "")}`;
  const sqliteDir = options.replicable ? fs.mkdtempSync(path.join(os.tmpdir(), "visadesk-test-")) : undefined;
  const sqliteImage =
    TEST_DATABASE_URL || sqliteDir || options.migrateUntil ? undefined : await migratedSqliteImage();
  const connect = (): Db =>
    TEST_DATABASE_URL
      ? createDb({ databaseUrl: TEST_DATABASE_URL, dataDir: os.tmpdir(), pgSchema: schema, pgPoolSize: 60 })
      : sqliteDir
        ? createDb({ dataDir: sqliteDir, sqliteFile: "visadesk.sqlite" })
        : createDb({ dataDir: os.tmpdir(), sqliteFile: ":memory:", ...(sqliteImage ? { sqliteImage } : {}) });
  if (TEST_DATABASE_URL) {
    const admin = createDb({ databaseUrl: TEST_DATABASE_URL, dataDir: os.tmpdir(), pgPoolSize: 1 });
    await sql.raw(`create schema ${schema}`).execute(admin.kysely);
    await admin.close();
  }
  const db = connect();
  // From the migrated image this finds nothing to do; it still proves the image is up to date.
  await migrate(db, undefined, options.migrateUntil);
  const config = testConfig({
    dataDir: path.join(os.tmpdir(), "visadesk-test"),
    jwtSecret: `test-secret-${randomUUID()}-${randomUUID()}`,
    loginRateLimit: 1000,
    registerRateLimit: 1000,
    ...options.config,
  });
  const mails: Mail[] = [];
  const routes: RouteOptions[] = [];
  const app = await buildApp({
    onRoute: (route) => void routes.push(route),
    config,
    db,
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.serveWeb ? { serveWeb: true } : {}),
    ...(options.reminderWorker ? { reminderWorker: true } : {}),
    ...(options.logStream ? { logStream: options.logStream } : {}),
    ...(options.realMailer ? {} : { mailer: { send: async (mail: Mail) => void mails.push(mail) } }),
  });
  await app.ready();
  // Every request and answer of the suite is checked against the OpenAPI document.
  checkAgainstOpenApi(app);

  const clock = options.clock ?? systemClock;
  const replicas: FastifyInstance[] = [];
  let counter = 0;
  const createAccount = async (account: Partial<TestAccount> = {}): Promise<TestAccount> => {
    counter += 1;
    const suffix = `${counter}${randomUUID().slice(0, 6)}`;
    const password = account.password ?? TEST_PASSWORD;
    const passwordHash = await accountHash(password, options.accountHashes ?? "test");
    const now = new Date().toISOString();
    const values = {
      guidId: account.guidId ?? randomUUID(),
      userName: account.userName ?? `user${suffix}`,
      email: account.email ?? `user${suffix}@example.com`,
      role: account.role ?? "Staff",
      status: account.status ?? "active",
    };
    const row = await db.kysely
      .insertInto("users")
      .values({
        ...values,
        firstName: "Test",
        lastName: `User ${counter}`,
        passwordHash,
        createdAt: now,
        updatedAt: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return { id: row.id, password, ...values };
  };

  return {
    app,
    db,
    config,
    routes,
    mails,
    createAccount,
    async signIn(role: Role = "Admin") {
      const user = await createAccount({ role });
      const response = await app.inject({
        method: "POST",
        url: "/api/v2/connect/verify-login",
        payload: { email: user.email, password: user.password },
      });
      if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.body}`);
      const token = response.json().accessToken as string;
      const binding = response.cookies.find((cookie) => cookie.name === BINDING_COOKIE);
      if (!binding) throw new Error("sign-in set no binding cookie");
      return { token, headers: bearerHeaders(token, binding.value), user };
    },
    async sessionFor(user) {
      const now = clock.now();
      const expiresAt = new Date(now.getTime() + config.tokenTtlMinutes * 60_000);
      const sessionId = randomUUID();
      await insertSession(db.kysely, {
        id: sessionId,
        userId: user.id,
        createdAt: now.toISOString(),
        expiresAt: expiresAt.toISOString(),
      });
      const binding = newBinding();
      const tokens = createTokenService(config.jwtSecret ?? "", clock);
      const token = await tokens.sign({
        sessionId,
        userGuid: user.guidId,
        expiresAt,
        bindingHash: binding.hash,
      });
      return { token, headers: bearerHeaders(token, binding.secret), user };
    },
    async replica() {
      if (!TEST_DATABASE_URL && !sqliteDir)
        throw new Error("replica() needs createTestApp({ replicable: true })");
      const replicaDb = connect();
      const replica = await buildApp({ config, db: replicaDb, clock, mailer: { send: async () => {} } });
      replica.addHook("onClose", () => replicaDb.close());
      replicas.push(replica);
      await replica.ready();
      return { app: replica, db: replicaDb };
    },
    async close() {
      for (const replica of replicas) await replica.close();
      await app.close();
      if (TEST_DATABASE_URL) {
        await sql.raw(`drop schema ${schema} cascade`).execute(db.kysely);
      }
      await db.close();
      if (sqliteDir) fs.rmSync(sqliteDir, { recursive: true, force: true });
    },
  };
}

/**
 * Ends the PostgreSQL change listeners of a test app and its replicas (db/database.ts), as a network cut or a
 * server restart would.
 */
export async function dropChangeListeners(t: TestApp): Promise<void> {
  await sql`select pg_terminate_backend(pid) from pg_stat_activity
    where application_name = ${`visadesk changes ${t.db.schema}`}`.execute(t.db.kysely);
}

/** What a signed-in client sends: the bearer token and the cookie that binds it. */
export const bearerHeaders = (token: string, binding: string) => ({
  authorization: `Bearer ${token}`,
  cookie: `${BINDING_COOKIE}=${binding}`,
});

/** Builds a multipart body for app.inject: text fields plus files as { name, content, type }. */
export function multipart(
  fields: Record<string, string | number | boolean | readonly string[] | undefined>,
  files: Record<string, { fileName: string; content: Buffer; contentType: string }> = {},
) {
  const boundary = `----visadesk${randomUUID()}`;
  const chunks: Buffer[] = [];
  // A list is its part repeated, one per item, as a browser's FormData sends it.
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === undefined) continue;
      chunks.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${item}\r\n`),
      );
    }
  }
  for (const [name, file] of Object.entries(files)) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${file.fileName}"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
      ),
      file.content,
      Buffer.from("\r\n"),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

/** How many uploaded files are stored: tests of refused saves check that none was left behind. */
export async function countFiles(t: TestApp): Promise<number> {
  const row = await t.db.kysely
    .selectFrom("files")
    .select((eb) => eb.fn.countAll().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
