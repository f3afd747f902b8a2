import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, dialectName, type TestApp } from "../helpers";
import { checkAnswer, fingerprint, fuzzTargets, writeCounter } from "./support";

/** The fuzz properties must be able to fail: each check refuses what it is there to catch. */
const answer = (statusCode: number, body: string, type = "application/json; charset=utf-8") =>
  ({
    statusCode,
    body,
    headers: { "content-type": type },
    json: () => JSON.parse(body),
  }) as unknown as LightMyRequestResponse;
const request: InjectOptions = { method: "GET", url: "/api/v2/Consultants/x" };

describe("checkAnswer", () => {
  it("passes a 2xx and a 4xx with a readable message", () => {
    expect(() => checkAnswer(answer(200, "[]"), request)).not.toThrow();
    expect(() =>
      checkAnswer(answer(404, '{"message":"Consultant not found","code":"consultant_not_found"}'), request),
    ).not.toThrow();
  });

  it("refuses a 5xx, a 4xx that is not JSON or has no message, and one that shows internals", () => {
    expect(() => checkAnswer(answer(500, '{"message":"Something went wrong"}'), request)).toThrow(/500/);
    expect(() => checkAnswer(answer(400, "Bad Request", "text/plain"), request)).toThrow(/content-type/);
    expect(() => checkAnswer(answer(400, '{"error":"Bad Request"}'), request)).toThrow(/readable message/);
    expect(() => checkAnswer(answer(400, '{"message":"  "}'), request)).toThrow(/readable message/);
    const internals = [
      '{"message":"x","stack":"Error: x\\n    at Object.<anonymous> (/srv/app/routes.ts:12:5)"}',
      '{"message":"SQLITE_CONSTRAINT: UNIQUE constraint failed: users.email"}',
      '{"message":"invalid input syntax for type integer: \\"abc\\""}',
      '{"message":"select * from \\"users\\" where id = 1"}',
      `{"message":"cannot open ${process.cwd()}/data/visadesk.sqlite"}`,
    ];
    for (const body of internals) expect(() => checkAnswer(answer(400, body), request)).toThrow(/shows/);
  });

  it("refuses an error answer without a code from the catalogue", () => {
    expect(() => checkAnswer(answer(409, '{"message":"Taken"}'), request)).toThrow(/catalogued code/);
    expect(() => checkAnswer(answer(409, '{"message":"Taken","code":"SlotTaken"}'), request)).toThrow(
      /catalogued code/,
    );
    expect(() => checkAnswer(answer(409, '{"message":"Taken","code":"no_such_code"}'), request)).toThrow(
      /catalogued code/,
    );
    expect(() => checkAnswer(answer(409, '{"message":"Taken","code":"slot_taken"}'), request)).not.toThrow();
  });

  it("refuses an error answer in another shape than { message, code, error?, fieldErrors? }", () => {
    const framework =
      '{"error":"Bad Request","code":"FST_ERR_BAD_URL","message":"not a valid url component","statusCode":400}';
    expect(() => checkAnswer(answer(400, framework), request)).toThrow(/error shape/);
    expect(() => checkAnswer(answer(400, '{"message":"FST_ERR_X happened"}'), request)).toThrow(
      /error shape/,
    );
    const ours =
      '{"message":"Invalid","code":"validation_failed","error":"Bad Request","fieldErrors":{"name":"Name is required"}}';
    expect(() => checkAnswer(answer(400, ours), request)).not.toThrow();
  });

  it("lets a message quote what the client sent", () => {
    const sent = { method: "GET", url: "/api/v2/select x from users " } as InjectOptions;
    expect(() =>
      checkAnswer(
        answer(404, '{"message":"No route for GET /api/v2/select x from users ","code":"route_not_found"}'),
        sent,
      ),
    ).not.toThrow();
  });
});

describe("the database fingerprint", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("changes with any row of any table, and the write counter moves with any write", async () => {
    const account = await t.createAccount();
    const [before, counter] = [await fingerprint(t.db), await writeCounter(t.db)];
    expect(await fingerprint(t.db)).toEqual(before);
    // On PostgreSQL the counter is the server's next transaction id: other suites running at the same time
    // move it too (which only costs the fuzzers a full fingerprint), so only SQLite's stands still here.
    if (dialectName === "sqlite") expect(await writeCounter(t.db)).toBe(counter);
    await t.db.kysely
      .updateTable("users")
      .set({ firstName: "Changed" })
      .where("id", "=", account.id)
      .execute();
    const after = await fingerprint(t.db);
    expect(after.users).not.toBe(before.users);
    expect(after.consultants).toBe(before.consultants);
    expect(await writeCounter(t.db)).not.toBe(counter);
  });

  it("covers every table but the rate-limit counters", async () => {
    const tables = Object.keys(await fingerprint(t.db));
    expect(tables).toEqual(
      expect.arrayContaining(["users", "consultants", "appointments", "files", "sessions"]),
    );
    expect(tables).not.toContain("rate_limits");
  });
});

describe("fuzzTargets", () => {
  it("lists every route the app registered, less the HEAD twins", async () => {
    const t = await createTestApp();
    try {
      const targets = fuzzTargets(t.routes).map((target) => `${target.method} ${target.url}`);
      expect(targets).toEqual(
        expect.arrayContaining([
          "POST /api/v2/connect/verify-login",
          "GET /api/v2/Consultants/:id",
          "PUT /api/v2/User/update-user",
          "GET /api/v2/files/:name",
        ]),
      );
      expect(targets.some((target) => target.startsWith("HEAD "))).toBe(false);
      expect(
        fuzzTargets(t.routes).find((target) => target.url === "/api/v2/Consultants/register")?.multipart,
      ).toBe(true);
    } finally {
      await t.close();
    }
  });
});
