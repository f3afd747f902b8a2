import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type SignedIn, type TestApp } from "#test/helpers";

/** A web build in miniature, as the real build writes it: each asset with its .br and .gz beside it. */
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), "visadesk-web-"));
const script = `${"export const greeting = 'VisaDesk';\n".repeat(200)}`;
fs.mkdirSync(path.join(webDist, "assets"));
fs.writeFileSync(path.join(webDist, "index.html"), "<!doctype html><html><body></body></html>");
fs.writeFileSync(path.join(webDist, "assets", "app.js"), script);
// Fastest levels, so the files' bytes differ from what compressing on the fly would give.
const precompressed = {
  br: zlib.brotliCompressSync(script, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } }),
  gzip: zlib.gzipSync(script, { level: 1 }),
};
fs.writeFileSync(path.join(webDist, "assets", "app.js.br"), precompressed.br);
fs.writeFileSync(path.join(webDist, "assets", "app.js.gz"), precompressed.gzip);

let t: TestApp;
let admin: SignedIn;
beforeAll(async () => {
  t = await createTestApp({ serveWeb: true, config: { webDist } });
  admin = await t.signIn("Admin");
  // Enough accounts that the list is well over 1 KB.
  for (let i = 0; i < 12; i += 1) await t.createAccount({ role: "Staff" });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const decode = {
  br: (body: Buffer) => zlib.brotliDecompressSync(body).toString("utf8"),
  gzip: (body: Buffer) => zlib.gunzipSync(body).toString("utf8"),
};

describe("JSON answers", () => {
  const list = (acceptEncoding?: string) =>
    t.app.inject({
      method: "GET",
      url: "/api/v2/User/users?page=1&pageSize=20",
      headers: { ...admin.headers, ...(acceptEncoding ? { "accept-encoding": acceptEncoding } : {}) },
    });

  it.each(["br", "gzip"] as const)(
    "a list over 1 KB goes out in %s when the client accepts it",
    async (encoding) => {
      const plain = await list();
      const response = await list(encoding === "br" ? "gzip, deflate, br" : "gzip");
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-encoding"]).toBe(encoding);
      expect(String(response.headers.vary)).toMatch(/accept-encoding/i);
      expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length);
      expect(JSON.parse(decode[encoding](response.rawPayload))).toEqual(plain.json());
    },
  );

  it("prefers brotli when the client accepts both", async () => {
    expect((await list("gzip, br")).headers["content-encoding"]).toBe("br");
  });

  it("is sent as it is to a client that asks for no encoding", async () => {
    for (const response of [await list(), await list("identity")]) {
      expect(response.headers["content-encoding"]).toBeUndefined();
      expect(response.rawPayload.length).toBeGreaterThan(1024);
      expect(response.json().data.length).toBeGreaterThan(0);
    }
  });

  it("leaves a 100-byte answer uncompressed even when the client accepts brotli", async () => {
    const response = await t.app.inject({
      method: "GET",
      url: "/api/health/live",
      headers: { "accept-encoding": "br, gzip" },
    });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.length).toBeLessThan(1024);
    expect(response.headers["content-encoding"]).toBeUndefined();
    expect(response.json()).toBeTruthy();
  });
});

describe("web assets", () => {
  const asset = (acceptEncoding?: string) =>
    t.app.inject({
      method: "GET",
      url: "/assets/app.js",
      headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {},
    });

  it.each(["br", "gzip"] as const)(
    "the pre-compressed %s file is sent with its Content-Encoding",
    async (encoding) => {
      const response = await asset(encoding);
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-encoding"]).toBe(encoding);
      expect(String(response.headers.vary)).toMatch(/accept-encoding/i);
      expect(response.headers["content-type"]).toMatch(/javascript/);
      expect(decode[encoding](response.rawPayload)).toBe(script);
      // The file from the build, not compressed again on each request.
      expect(response.rawPayload.equals(precompressed[encoding])).toBe(true);
    },
  );

  it("the plain file goes to a client that accepts no encoding, still with Vary", async () => {
    const response = await asset();
    expect(response.headers["content-encoding"]).toBeUndefined();
    expect(String(response.headers.vary)).toMatch(/accept-encoding/i);
    expect(response.body).toBe(script);
  });
});
