import { randomUUID } from "node:crypto";
import os from "node:os";
import { serverMessages } from "@visadesk/contract/common-constants";
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "#api/app";
import { testConfig } from "#api/config";
import { createDb, type Db } from "#api/db/database";
import { migrate } from "#api/db/migrate";
import { TEST_DATABASE_URL } from "#test/helpers";
import { SATURATED_AFTER_MS } from "./routes";

const health = (app: FastifyInstance) => app.inject({ method: "GET", url: "/api/health" });

// The pool's queue is PostgreSQL's (SQLite has one connection and no queue of ours to wait in).
describe.skipIf(!TEST_DATABASE_URL)("a PostgreSQL instance whose connections are all busy", () => {
  const schema = `test_${randomUUID().replaceAll("-", "")}`;
  let db: Db;
  let app: FastifyInstance;
  beforeAll(async () => {
    const admin = createDb({ databaseUrl: TEST_DATABASE_URL, dataDir: os.tmpdir(), pgPoolSize: 2 });
    await sql.raw(`create schema ${schema}`).execute(admin.kysely);
    await admin.close();
    db = createDb({
      databaseUrl: TEST_DATABASE_URL,
      dataDir: os.tmpdir(),
      pgSchema: schema,
      pgPoolSize: 2,
      pgAcquireTimeoutMs: 2_500,
    });
    await migrate(db);
    app = await buildApp({ config: testConfig({ jwtSecret: "x".repeat(40) }), db });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  /** Keeps every connection of the pool in use until the returned function is called. */
  async function occupyEveryConnection() {
    const held: Array<() => void> = [];
    const done = [1, 2].map(
      () =>
        new Promise<void>((taken) => {
          void db.kysely.connection().execute(
            () =>
              new Promise<void>((release) => {
                held.push(release);
                taken();
              }),
          );
        }),
    );
    await Promise.all(done);
    return () => {
      for (const release of held) release();
    };
  }

  it("says busy on the readiness check once a request has waited over a second, and serves when freed", async () => {
    const free = await occupyEveryConnection();
    const waiting = app.inject({ method: "GET", url: "/api/customer/v1/consultants" });
    await new Promise((resolve) => setTimeout(resolve, SATURATED_AFTER_MS + 200));
    const busy = await health(app);
    expect(busy.statusCode).toBe(503);
    expect(busy.json()).toEqual({ status: "busy", message: serverMessages.serverBusy });
    free();
    expect((await waiting).statusCode).toBe(200);
    expect((await health(app)).json()).toEqual({ status: "ok", database: "ok" });
  });

  it("answers a request that waited out the acquire timeout 503 busy with Retry-After, not database down", async () => {
    const free = await occupyEveryConnection();
    try {
      const response = await app.inject({ method: "GET", url: "/api/customer/v1/consultants" });
      expect(response.statusCode).toBe(503);
      expect(response.headers["retry-after"]).toBe("2");
      expect(response.json()).toMatchObject({
        message: serverMessages.serverBusy,
        error: "Service Unavailable",
      });
    } finally {
      free();
    }
  });
});
