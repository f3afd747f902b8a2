import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#test/helpers";

/** The one inline script a page may run: the real build sets the colour scheme before the first paint. */
const INLINE_SCRIPT = 'document.documentElement.setAttribute("data-mantine-color-scheme", "dark");';
const INLINE_SCRIPT_SOURCE = `'sha256-${createHash("sha256").update(INLINE_SCRIPT).digest("base64")}'`;

/**
 * A web build in miniature: index.html with the nonce placeholder the real build writes, an inline script,
 * a script, a stylesheet and an SVG image.
 */
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), "visadesk-web-"));
fs.mkdirSync(path.join(webDist, "assets"));
fs.writeFileSync(
  path.join(webDist, "index.html"),
  '<!doctype html><html><head><meta property="csp-nonce" nonce="__CSP_NONCE__" />' +
    `<script>${INLINE_SCRIPT}</script>` +
    '<script type="module" nonce="__CSP_NONCE__" src="/assets/app.js"></script></head><body></body></html>',
);
fs.writeFileSync(path.join(webDist, "assets", "app.js"), "console.log('VisaDesk');\n");
fs.writeFileSync(path.join(webDist, "assets", "app.css"), "body { margin: 0; }\n");
// The build writes a .br beside every script: the server sends it as it is to a browser that accepts it.
fs.writeFileSync(
  path.join(webDist, "assets", "app.js.br"),
  zlib.brotliCompressSync("console.log('VisaDesk');\n"),
);
fs.writeFileSync(
  path.join(webDist, "assets", "logo.svg"),
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><rect width="1" height="1"/></svg>\n',
);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ serveWeb: true, config: { webDist } });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

/** The policy as { directive: sources }. */
function policyOf(header: string | string[] | number | undefined) {
  const directives: Record<string, string[]> = {};
  for (const part of String(header ?? "").split(";")) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) directives[name] = sources;
  }
  return directives;
}

function expectStrictPolicy(
  headers: Record<string, string | string[] | number | undefined>,
  inlineScripts: string[] = [],
) {
  const policy = policyOf(headers["content-security-policy"]);
  expect(policy["script-src"]).toEqual(["'self'", ...inlineScripts]);
  expect(policy["object-src"]).toEqual(["'none'"]);
  expect(policy["base-uri"]).toEqual(["'none'"]);
  expect(policy["frame-ancestors"]).toEqual(["'none'"]);
  expect(policy["default-src"]).toEqual(["'self'"]);
  expect(String(headers["content-security-policy"])).not.toContain("unsafe-inline");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("no-referrer");
  expect(headers["x-frame-options"]).toBe("SAMEORIGIN");
  return policy;
}

describe("security headers", () => {
  it("an API answer has the strict policy, nosniff and a Referrer-Policy, and no HSTS over http", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/v2/settings" });
    expectStrictPolicy(response.headers);
    expect(response.headers["strict-transport-security"]).toBeUndefined();
    // Errors too.
    const missing = await t.app.inject({ method: "GET", url: "/api/v2/nothing-here" });
    expect(missing.statusCode).toBe(404);
    expectStrictPolicy(missing.headers);
  });

  it("index.html (/ and any client route) gets a fresh nonce that only its own <style> elements may use, and may run only its own inline script", async () => {
    const nonces: string[] = [];
    for (const url of ["/", "/consultants", "/login?next=%2F", "/index.html"]) {
      const response = await t.app.inject({ method: "GET", url });
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toContain("text/html");
      const policy = expectStrictPolicy(response.headers, [INLINE_SCRIPT_SOURCE]);
      const nonce = /nonce="([^"]+)"/.exec(response.body)?.[1] ?? "";
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(response.body).not.toContain("__CSP_NONCE__");
      expect(policy["style-src"]).toEqual(["'self'", `'nonce-${nonce}'`]);
      nonces.push(nonce);
    }
    expect(new Set(nonces).size).toBe(nonces.length);
  });

  it("HEAD of the app's pages answers like GET, without a body (uptime checks, link checkers)", async () => {
    for (const url of ["/", "/consultants"]) {
      const response = await t.app.inject({ method: "HEAD", url });
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toContain("text/html");
      expect(response.body).toBe("");
    }
  });

  it("an SVG asset (a document when opened on its own) has the policy and nosniff", async () => {
    const response = await t.app.inject({ method: "GET", url: "/assets/logo.svg" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("svg");
    const policy = expectStrictPolicy(response.headers);
    expect(policy["style-src"]).toEqual(["'self'"]);
  });

  it("a script or a stylesheet keeps nosniff, the resource and referrer policies, and no document-only header", async () => {
    for (const [url, type, encoding] of [
      ["/assets/app.js", "javascript", undefined],
      ["/assets/app.js", "javascript", "br"],
      ["/assets/app.css", "text/css", undefined],
    ] as const) {
      const headers = encoding ? { "accept-encoding": encoding } : {};
      const response = await t.app.inject({ method: "GET", url, headers });
      expect(response.headers["content-encoding"]).toBe(encoding);
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toContain(type);
      expect(response.headers["x-content-type-options"]).toBe("nosniff");
      expect(response.headers["cross-origin-resource-policy"]).toBe("same-origin");
      expect(response.headers["referrer-policy"]).toBe("no-referrer");
      expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      for (const name of [
        "content-security-policy",
        "x-frame-options",
        "cross-origin-opener-policy",
        "origin-agent-cluster",
        "x-xss-protection",
        "etag",
        "last-modified",
      ]) {
        expect(response.headers[name], `${url} ${name}`).toBeUndefined();
      }
    }
  });

  it("the OpenAPI pages keep a policy of their own that lets them run, equally strict on framing and base", async () => {
    const page = await t.app.inject({ method: "GET", url: "/api/docs/" });
    expect(page.statusCode).toBe(200);
    const policy = policyOf(page.headers["content-security-policy"]);
    expect(policy["script-src"]?.[0]).toBe("'self'");
    expect(policy["script-src"]?.slice(1).every((source) => source.startsWith("'sha256-"))).toBe(true);
    expect(policy["object-src"]).toEqual(["'none'"]);
    expect(policy["base-uri"]).toEqual(["'none'"]);
    expect(policy["frame-ancestors"]).toEqual(["'none'"]);
    expect(policy["upgrade-insecure-requests"]).toBeUndefined();
    expect(page.headers["x-content-type-options"]).toBe("nosniff");
    const spec = await t.app.inject({ method: "GET", url: "/api/docs/json" });
    expect(spec.statusCode).toBe(200);
    expect(spec.json().info.title).toBe("VisaDesk API");
  });
});

describe("TRUST_PROXY", () => {
  const forwardedHttps = { "x-forwarded-proto": "https", "x-forwarded-for": "203.0.113.7" };

  it("off (default): X-Forwarded-Proto is ignored, so no HSTS", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/health", headers: forwardedHttps });
    expect(response.headers["strict-transport-security"]).toBeUndefined();
  });

  it("naming the proxy's address (or a hop count): HSTS when that proxy says the request came over https", async () => {
    // app.inject comes from 127.0.0.1.
    for (const trustProxy of [["127.0.0.1"], 1, true] as const) {
      const behindProxy = await createTestApp({
        config: { trustProxy: trustProxy as string[] | number | true },
      });
      try {
        const https = await behindProxy.app.inject({
          method: "GET",
          url: "/api/health",
          headers: forwardedHttps,
        });
        expect(https.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
        const http = await behindProxy.app.inject({ method: "GET", url: "/api/health" });
        expect(http.headers["strict-transport-security"]).toBeUndefined();
      } finally {
        await behindProxy.close();
      }
    }
    const otherProxy = await createTestApp({ config: { trustProxy: ["10.0.0.0/8"] } });
    try {
      const response = await otherProxy.app.inject({
        method: "GET",
        url: "/api/health",
        headers: forwardedHttps,
      });
      expect(response.headers["strict-transport-security"]).toBeUndefined();
    } finally {
      await otherProxy.close();
    }
  });

  it("off: a client cannot dodge the per-address limit by sending a new X-Forwarded-For each time", async () => {
    const limited = await createTestApp({ config: { loginRateLimit: 3 } });
    try {
      const statuses: number[] = [];
      for (let attempt = 1; attempt <= 5; attempt++) {
        const response = await limited.app.inject({
          method: "POST",
          url: "/api/v2/connect/forgot-password",
          headers: { "x-forwarded-for": `198.51.100.${attempt}` },
          payload: { email: `nobody${attempt}@example.com` },
        });
        statuses.push(response.statusCode);
      }
      expect(statuses.slice(0, 3).every((status) => status < 400)).toBe(true);
      expect(statuses.slice(3)).toEqual([429, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe("caching of personal data", () => {
  it("no API answer may be kept by a browser or proxy: lists, details, sign-in with its token, errors", async () => {
    const account = await t.createAccount();
    const signIn = await t.app.inject({
      method: "POST",
      url: "/api/v2/connect/verify-login",
      payload: { email: account.email, password: account.password },
    });
    expect(signIn.json().accessToken).toEqual(expect.any(String));
    expect(signIn.headers["cache-control"]).toBe("no-store");
    const { headers } = await t.signIn("Staff");
    for (const url of [
      "/api/v2/User/users?page=1&pageSize=12&role=AppUser",
      "/api/v2/Consultants/consultants?page=1&pageSize=12",
      "/api/v2/userAppointment/appointments",
      "/api/v2/Dashboard/stats",
      "/api/v2/User/users/no-such-user",
    ]) {
      const response = await t.app.inject({ method: "GET", url, headers });
      expect(response.statusCode, url).toBeLessThan(500);
      expect(response.headers["cache-control"], url).toBe("no-store");
    }
  });

  it("the web app's hashed assets stay cacheable", async () => {
    const asset = await t.app.inject({ method: "GET", url: "/assets/app.js" });
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });
});
