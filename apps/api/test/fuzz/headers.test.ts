import fc from "fast-check";
import { SignJWT } from "jose";
import { expect, it } from "vitest";
import { fromSchema, hostileText } from "./hostile";
import { FUZZ_TIMEOUT, fuzz, runsFor, useFuzzApp } from "./support";

const suite = useFuzzApp();

/** Header values as an HTTP parser would let them through: visible latin-1, no line breaks or NUL. */
const headerValue = (text: string) => text.replace(/[^\t\x20-\x7e\x80-\xff]/g, "?");

/** Authorization values: missing, malformed, forged (alg none, another key), tampered, huge. */
async function authorizations(adminToken: string): Promise<string[]> {
  const [head = "", payload = "", signature = ""] = adminToken.split(".");
  const claims = JSON.parse(Buffer.from(payload, "base64url").toString()) as Record<string, unknown>;
  const none = `${Buffer.from(JSON.stringify({ alg: "none", typ: "JWT" })).toString("base64url")}.${payload}.`;
  const otherKey = await new SignJWT(claims)
    .setProtectedHeader({ alg: "HS256" })
    .sign(new TextEncoder().encode("another-key-another-key-another-key!"));
  return [
    "",
    "Bearer",
    "Bearer ",
    "Bearer null",
    "Bearer undefined",
    `bearer ${adminToken}`,
    "Basic YWRtaW46YWRtaW4=",
    `Token ${adminToken}`,
    `Bearer ${none}`,
    `Bearer ${none}${signature}`,
    `Bearer ${otherKey}`,
    `Bearer ${head}.${payload}.${signature.slice(0, -2)}AA`,
    `Bearer ${head}.${Buffer.from(JSON.stringify({ ...claims, exp: 9_999_999_999 })).toString("base64url")}.${signature}`,
    `Bearer ${adminToken}.extra`,
    `Bearer ${adminToken} ${adminToken}`,
    `Bearer ${"a".repeat(20_000)}`,
    "Bearer a.b.c",
    "Bearer ....",
    "Bearer e30.e30.e30",
  ];
}

const CONTENT_TYPES = [
  "application/json",
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data",
  "multipart/form-data; boundary=x",
  "application/json; charset=utf-16",
  'application/json; charset="',
  "application/xml",
  "image/png",
  "application/octet-stream",
  ";;;",
  "*/*",
  "application/json, text/html",
];

it(
  "headers, random and hostile (content-type lies, huge headers, bad authorization, forged tokens), to every route",
  async () => {
    const ids = Object.values(suite.samples).flat();
    const adminToken = String(suite.adminHeaders().authorization).replace(/^Bearer /, "");
    const forged = await authorizations(adminToken);
    let sent = 0;
    expect(suite.targets.length).toBeGreaterThan(20);
    for (const target of suite.targets) {
      const body = target.body ? fromSchema(target.body, suite.samples) : fc.constant({});
      const request = fc.record({
        authorization: fc.oneof(
          { weight: 3, arbitrary: fc.constant("admin") },
          { weight: 4, arbitrary: fc.constantFrom(...forged) },
          { weight: 1, arbitrary: hostileText.map((text) => `Bearer ${headerValue(text)}`) },
        ),
        contentType: fc.oneof(fc.constantFrom(...CONTENT_TYPES), hostileText.map(headerValue)),
        extra: fc.dictionary(
          fc.constantFrom(
            "accept",
            "accept-encoding",
            "accept-language",
            "cookie",
            "x-forwarded-for",
            "x-forwarded-proto",
            "x-forwarded-host",
            "x-request-id",
            "origin",
            "referer",
            "if-none-match",
            "range",
            "x-http-method-override",
            "transfer-encoding-x",
          ),
          // Huge: as long as a header can reach the server (Node's HTTP parser answers 431 to headers over 16 KiB
          // in all, before the app; injected requests skip the parser, so longer ones would test nothing real).
          fc.oneof(hostileText.map(headerValue), fc.constant("x".repeat(16_000))),
          { maxKeys: 4 },
        ),
        body,
      });
      const runs = runsFor(target, 30);
      await fuzz(request, runs, async ({ authorization, contentType, extra, body: value }) => {
        sent += 1;
        const auth =
          authorization === "admin" ? suite.adminHeaders() : authorization ? { authorization } : {};
        const withBody = target.method !== "GET" && target.method !== "DELETE";
        await suite.send(
          {
            method: target.method as "GET",
            url: target.url.replace(/:[A-Za-z0-9_]+|\*/g, () => ids[0] ?? "1"),
            headers: { ...extra, ...auth, ...(withBody ? { "content-type": contentType } : {}) },
            ...(withBody ? { payload: JSON.stringify(value) ?? "" } : {}),
          },
          target,
        );
      });
    }
    console.info(`Headers: ${sent} requests to ${suite.targets.length} routes`);
  },
  FUZZ_TIMEOUT,
);
