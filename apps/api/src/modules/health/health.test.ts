import os from "node:os";
import { serverMessages } from "@visadesk/contract/common-constants";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "#api/app";
import { testConfig } from "#api/config";
import { createDb, type Db } from "#api/db/database";
import { createTestApp, type TestApp } from "#test/helpers";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("GET /api/health", () => {
  it("answers 200 with the database reachable, to anyone, and says nothing else", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "ok", database: "ok" });
  });

  it("keeps a constant liveness answer that never touches the database", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/health/live" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "ok" });
  });
});

describe("with PostgreSQL unreachable (nothing listens on its port)", () => {
  let app: FastifyInstance;
  let db: Db;
  beforeAll(async () => {
    // Port 1 (tcpmux) has no listener on any machine this runs on: every connection is refused at once.
    db = createDb({
      databaseUrl: `postgres://visadesk:visadesk@127.0.0.1:1/visadesk`,
      dataDir: os.tmpdir(),
    });
    app = await buildApp({ config: testConfig({ jwtSecret: "x".repeat(40) }), db });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  it("the health check answers 503 saying the database is unreachable", async () => {
    const response = await app.inject({ method: "GET", url: "/api/health" });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      status: "unavailable",
      database: "unreachable",
      message: serverMessages.databaseUnavailable,
    });
  });

  it("a route that needs the database answers 503 with a clear message and no internals", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api/v2/connect/verify-login",
      payload: { email: "someone@example.com", password: "Correct-Horse-9" },
    });
    expect(response.statusCode).toBe(503);
    expect(response.headers["retry-after"]).toBe("5");
    expect(response.json()).toEqual({
      message: serverMessages.databaseUnavailable,
      code: "database_unavailable",
      error: "Service Unavailable",
      requestId: response.headers["x-request-id"],
    });
    expect(response.body).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|postgres/i);
  });
});
