import { serverMessages } from "@visadesk/contract/common-constants";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, dialectName, type TestApp } from "#test/helpers";

let t: TestApp;
let headers: { authorization: string };
/** Every line the server logged, parsed (pino writes one JSON object a line). */
const logged: Array<
  Record<string, unknown> & { level: number; reqId?: string; err?: Record<string, string> }
> = [];
beforeAll(async () => {
  t = await createTestApp({
    config: { logLevel: "info" },
    logStream: { write: (line) => void logged.push(JSON.parse(line)) },
  });
  headers = (await t.signIn("Admin")).headers;
});
afterAll(() => t.close());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("request ids", () => {
  it("gives every answer a random x-request-id", async () => {
    const first = await t.app.inject({ method: "GET", url: "/api/health" });
    const second = await t.app.inject({ method: "GET", url: "/api/v2/userAppointment/appointments" });
    expect(first.headers["x-request-id"]).toMatch(UUID);
    expect(second.statusCode).toBe(401);
    expect(second.headers["x-request-id"]).toMatch(UUID);
    expect(second.headers["x-request-id"]).not.toBe(first.headers["x-request-id"]);
  });

  it("replaces an incoming x-request-id from a caller that is no trusted proxy (request-logging.test.ts has the proxy's)", async () => {
    for (const hostile of [
      "edge-4f2a9c01.17",
      "short",
      "has spaces in it ok",
      "line\\nbreak-injected",
      "x".repeat(65),
      "ünïcode-id-1234",
    ]) {
      const replaced = await t.app.inject({
        method: "GET",
        url: "/api/health",
        headers: { "x-request-id": hostile },
      });
      expect(replaced.headers["x-request-id"]).toMatch(UUID);
    }
  });
});

describe("a 500", () => {
  it("shows no stack, SQL or path; the log has the error under the request id the answer carries", async () => {
    // Really break the database under the app: the table the appointments list reads is gone.
    await sql
      .raw(dialectName === "postgres" ? "drop table appointments cascade" : "drop table appointments")
      .execute(t.db.kysely);
    const response = await t.app.inject({
      method: "GET",
      url: "/api/v2/userAppointment/appointments",
      headers,
    });
    expect(response.statusCode).toBe(500);
    const requestId = response.headers["x-request-id"];
    expect(requestId).toMatch(UUID);
    expect(response.json()).toEqual({
      message: serverMessages.internal,
      code: "internal",
      error: "Internal Server Error",
      requestId,
    });
    // Nothing of the query, the stack or the source tree in the answer.
    expect(response.body).not.toMatch(/appointments|select|from|\.ts|\/src\/|node_modules|at /i);

    const logLine = logged.find((line) => line.reqId === requestId && line.level === 50);
    expect(logLine?.msg).toBe("request failed");
    expect(logLine?.err?.message).toMatch(/appointments/);
    expect(logLine?.err?.stack).toContain("at ");
  });
});

describe("refusals of the framework", () => {
  const expectProductShape = (body: Record<string, unknown>) => {
    expect(Object.keys(body).every((key) => ["message", "code", "error", "fieldErrors"].includes(key))).toBe(
      true,
    );
    expect(JSON.stringify(body)).not.toMatch(/FST_|statusCode/);
  };

  it("answer a broken percent-encoding with 400 in the product's shape, without echoing the address", async () => {
    for (const url of ["/api/v2/Consultants/%E0%A4%A", "/api/v2/User/users/%", "/%ff"]) {
      const response = await t.app.inject({ method: "GET", url, headers });
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toEqual({
        message: serverMessages.badUrl,
        code: "bad_url",
        error: "Bad Request",
      });
      expectProductShape(response.json());
      // Every answer's headers, though the router refused it before any hook ran.
      expect(response.headers["x-request-id"]).toMatch(UUID);
      expect(response.headers["x-content-type-options"]).toBe("nosniff");
    }
  });

  it("answer an over-long path part with 414 and the real limit", async () => {
    const response = await t.app.inject({
      method: "GET",
      url: `/api/v2/Consultants/${"a".repeat(500)}`,
      headers,
    });
    expect(response.statusCode).toBe(414);
    expect(response.json()).toEqual({
      message: serverMessages.urlTooLong,
      code: "url_too_long",
      error: "URI Too Long",
    });
    expect(response.body).not.toContain("aaaa");
    expect(response.headers["cache-control"]).toBe("no-store");
  });

  it("say what was wrong with a body: content type, empty JSON, broken JSON", async () => {
    const post = (payload: string, contentType: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/v2/connect/verify-login",
        payload,
        headers: { "content-type": contentType },
      });
    const cases = [
      {
        response: await post("<email>a</email>", "application/xml"),
        status: 415,
        message: serverMessages.unsupportedContentType,
      },
      { response: await post("", "application/json"), status: 400, message: serverMessages.emptyJsonBody },
      {
        response: await post('{"email": "a@b.c", ', "application/json"),
        status: 400,
        message: serverMessages.invalidJson,
      },
    ];
    for (const { response, status, message } of cases) {
      expect(response.statusCode, message).toBe(status);
      expect(response.json().message).toBe(message);
      expectProductShape(response.json());
    }
  });
});
