import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { redactUrl } from "#api/lib/log-redaction";
import { createTestApp, dialectName, type TestApp } from "#test/helpers";

/** What the server logs of requests: no secret from a URL, request ids it chose, a word on an unset proxy. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const lines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    config: { logLevel: "info" },
    logStream: { write: (line) => void lines.push(line) },
  });
});
afterAll(() => t.close());

describe("logged URLs", () => {
  it("keep no reset token, code or other secret parameter, and the rest of the URL as it was", async () => {
    const token = "Zq3v-live-reset-token-9f8e7d6c5b4a";
    const before = lines.length;
    await t.app.inject({ method: "GET", url: `/forgot-password/reset?token=${token}` });
    await t.app.inject({
      method: "GET",
      url: `/api/v2/connect/callback?code=${token}&state=kept-state&access_token=${token}&Token=${token}`,
    });
    const written = lines.slice(before);
    expect(written.join("\n")).not.toContain(token);
    // The test helper reads the API description beside each answer: only the URLs sent here count.
    const urls = written
      .map((line) => JSON.parse(line).req?.url)
      .filter((url) => url && !url.startsWith("/api/docs"));
    expect(urls).toEqual([
      "/forgot-password/reset?token=[redacted]",
      "/api/v2/connect/callback?code=[redacted]&state=kept-state&access_token=[redacted]&Token=[redacted]",
    ]);
  });

  it("redacts by the decoded name and leaves URLs without a query alone", () => {
    expect(redactUrl("/a/b")).toBe("/a/b");
    expect(redactUrl("/r?%74oken=abc&page=2")).toBe("/r?%74oken=[redacted]&page=2");
    expect(redactUrl("/r?mfaToken=abc&q=smith&x")).toBe("/r?mfaToken=[redacted]&q=smith&x");
    expect(redactUrl("/r?password=%E0%A4%A&ok=1")).toBe("/r?password=[redacted]&ok=1");
  });
});

describe("request ids", () => {
  it("are ours unless a trusted proxy sent one: a caller cannot choose the id of the log and the audit", async () => {
    const chosen = "caller-chosen-id-0001";
    const direct = await t.app.inject({
      method: "GET",
      url: "/api/health",
      headers: { "x-request-id": chosen },
    });
    expect(direct.headers["x-request-id"]).toMatch(UUID);

    const behindProxy = await createTestApp({ config: { trustProxy: ["10.0.0.0/8"] } });
    try {
      const viaProxy = (remoteAddress: string) =>
        behindProxy.app.inject({
          method: "GET",
          url: "/api/health",
          headers: { "x-request-id": chosen },
          remoteAddress,
        });
      expect((await viaProxy("10.1.2.3")).headers["x-request-id"]).toBe(chosen);
      expect((await viaProxy("::ffff:10.1.2.3")).headers["x-request-id"]).toBe(chosen);
      expect((await viaProxy("192.0.2.7")).headers["x-request-id"]).toMatch(UUID);
      // Even a trusted proxy's id must be log-safe.
      const malformed = await behindProxy.app.inject({
        method: "GET",
        url: "/api/health",
        headers: { "x-request-id": "has spaces in it ok" },
        remoteAddress: "10.1.2.3",
      });
      expect(malformed.headers["x-request-id"]).toMatch(UUID);
    } finally {
      await behindProxy.close();
    }
  });
});

describe("an unset TRUST_PROXY", () => {
  it("is warned of once, at the first request that came through a proxy", async () => {
    const warnings = () =>
      lines.filter((line) => JSON.parse(line).level === 40 && line.includes("TRUST_PROXY is not set"));
    expect(warnings()).toHaveLength(0);
    await t.app.inject({ method: "GET", url: "/api/health" });
    expect(warnings()).toHaveLength(0);
    for (let i = 0; i < 3; i += 1) {
      await t.app.inject({
        method: "GET",
        url: "/api/health",
        headers: { "x-forwarded-for": "198.51.100.4" },
      });
    }
    expect(warnings()).toHaveLength(1);
  });

  it("is not warned of when TRUST_PROXY is set", async () => {
    const logged: string[] = [];
    const trusted = await createTestApp({
      config: { logLevel: "info", trustProxy: true },
      logStream: { write: (line) => void logged.push(line) },
    });
    try {
      await trusted.app.inject({
        method: "GET",
        url: "/api/health",
        headers: { "x-forwarded-for": "198.51.100.4" },
      });
      expect(logged.filter((line) => line.includes("TRUST_PROXY"))).toEqual([]);
    } finally {
      await trusted.close();
    }
  });
});

describe("mail without SMTP_URL", () => {
  it("is warned of at start on PostgreSQL, where replicas would each keep their own outbox", async () => {
    const said: string[] = [];
    const app = await createTestApp({
      realMailer: true,
      config: { logLevel: "warn", smtpUrl: undefined },
      logStream: { write: (line) => void said.push(line) },
    });
    try {
      const warned = said.filter((line) => line.includes("SMTP_URL is not set on PostgreSQL"));
      expect(warned).toHaveLength(dialectName === "postgres" ? 1 : 0);
    } finally {
      await app.close();
    }
  });
});
