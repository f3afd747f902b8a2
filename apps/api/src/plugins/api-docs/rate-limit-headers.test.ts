import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CUSTOMER_API } from "../../../test/customers";
import { createTestApp, type TestApp } from "../../../test/helpers";

/**
 * A client reads an operation's limits from the documents: every operation the server rate limits declares
 * the limiter's headers on each of its answers and a 429 with Retry-After; the others declare neither.
 */
type Responses = Record<string, { headers?: Record<string, unknown> }>;
type Document = { paths: Record<string, Record<string, { responses: Responses }>> };
const LIMIT_HEADERS = ["X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset"];

let t: TestApp;
const documents: Record<string, Document> = {};
beforeAll(async () => {
  t = await createTestApp();
  for (const url of ["/api/docs/json", "/api/customer/docs/json"]) {
    documents[url] = (await t.app.inject({ method: "GET", url })).json() as Document;
  }
});
afterAll(() => t.close());

const operation = (url: string, path: string, method: string) => {
  const found = documents[url]?.paths[path]?.[method];
  if (!found) throw new Error(`${method} ${path} is not in ${url}`);
  return found;
};

describe("rate limits in the documents", () => {
  it("a limited operation declares the limiter's headers on every answer and a 429 with Retry-After", () => {
    for (const [path, method] of [
      [`${CUSTOMER_API}/auth/sign-in`, "post"],
      [`${CUSTOMER_API}/consultants`, "get"],
      [`${CUSTOMER_API}/appointments`, "post"],
      [`${CUSTOMER_API}/appointments/{id}/reschedule`, "post"],
      [`${CUSTOMER_API}/appointments/{id}/cancel`, "post"],
      ["/api/v2/connect/verify-login", "post"],
    ] as const) {
      const url = path.startsWith(CUSTOMER_API) ? "/api/customer/docs/json" : "/api/docs/json";
      const { responses } = operation(url, path, method);
      expect(Object.keys(responses), path).toContain("429");
      expect(Object.keys(responses["429"]?.headers ?? {}), path).toContain("Retry-After");
      for (const [status, answer] of Object.entries(responses)) {
        expect(Object.keys(answer.headers ?? {}), `${method} ${path} ${status}`).toEqual(
          expect.arrayContaining(LIMIT_HEADERS),
        );
      }
    }
  });

  it("the server sends those headers on a limited operation's answers, refusals included, and not elsewhere", async () => {
    const refused = await t.app.inject({ method: "POST", url: `${CUSTOMER_API}/auth/sign-in`, payload: {} });
    expect(refused.statusCode).toBe(400);
    for (const name of LIMIT_HEADERS) expect(refused.headers[name.toLowerCase()]).toBeDefined();

    const unlimited = await t.app.inject({ method: "GET", url: `${CUSTOMER_API}/me` });
    expect(unlimited.statusCode).toBe(401);
    expect(unlimited.headers["x-ratelimit-limit"]).toBeUndefined();
    const { responses } = operation("/api/customer/docs/json", `${CUSTOMER_API}/me`, "get");
    expect(Object.keys(responses)).not.toContain("429");
    for (const answer of Object.values(responses)) {
      expect(Object.keys(answer.headers ?? {})).not.toContain("X-RateLimit-Limit");
    }
  });
});
