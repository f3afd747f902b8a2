import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerConsultant } from "#test/builders";
import { approvedConsultant, CUSTOMER_API } from "#test/customers";
import { PNG_1PX } from "#test/fixtures";
import { createTestApp, type TestApp } from "#test/helpers";
import { customerSite } from "./routes";

const POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; font-src 'self'; " +
  "connect-src 'self'; manifest-src 'self'; worker-src 'self'; object-src 'none'; base-uri 'self'; " +
  "form-action 'self'; frame-ancestors 'none'";

/** The customer site's build in miniature: index.html with its meta slot, a hashed script (.br, .gz). */
const SCRIPT = "console.log('book');\n".repeat(40);
const INDEX =
  '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>VisaDesk</title>' +
  '<meta name="description" content="Find a visa consultant and book a visit." /><!--app-meta-->' +
  '<link rel="manifest" href="/book/manifest.webmanifest" />' +
  '<script type="module" crossorigin src="/book/assets/index-Bx7k2Q.js"></script></head>' +
  '<body><div id="root"></div></body></html>';
const temp = (name: string) => fs.mkdtempSync(path.join(os.tmpdir(), `visadesk-${name}-`));
const bookDist = temp("book");
fs.mkdirSync(path.join(bookDist, "assets"));
fs.writeFileSync(path.join(bookDist, "index.html"), INDEX);
fs.writeFileSync(path.join(bookDist, "assets", "index-Bx7k2Q.js"), SCRIPT);
fs.writeFileSync(path.join(bookDist, "assets", "index-Bx7k2Q.js.br"), zlib.brotliCompressSync(SCRIPT));
fs.writeFileSync(path.join(bookDist, "assets", "index-Bx7k2Q.js.gz"), zlib.gzipSync(SCRIPT));
fs.writeFileSync(path.join(bookDist, "manifest.webmanifest"), '{"name":"VisaDesk"}\n');
// The build's manifest: the profile page's chunk imports the entry, a shared chunk and one of its own.
fs.mkdirSync(path.join(bookDist, ".vite"));
fs.writeFileSync(
  path.join(bookDist, ".vite", "manifest.json"),
  JSON.stringify({
    "index.html": { file: "assets/index-Bx7k2Q.js", isEntry: true },
    "src/features/consultant/consultant-page.tsx": {
      file: "assets/consultant-page-P1r0f.js",
      imports: ["index.html", "_field-F13ld.js"],
      css: ["assets/consultant-page-S7y1e.css"],
    },
    "_field-F13ld.js": { file: "assets/field-F13ld.js", css: ["assets/field-S7y1e.css"] },
  }),
);
const WORKER = "self.addEventListener('fetch', () => {});\n".repeat(40);
fs.writeFileSync(path.join(bookDist, "sw.js"), WORKER);
fs.writeFileSync(path.join(bookDist, "sw.js.br"), zlib.brotliCompressSync(WORKER));
fs.writeFileSync(path.join(bookDist, "offline.html"), "<!doctype html><title>You're offline</title>");
const webDist = temp("web");
const BACK_OFFICE = "<!doctype html><html><head><title>Back office</title></head><body></body></html>";
fs.writeFileSync(path.join(webDist, "index.html"), BACK_OFFICE);
const noBuild = temp("no-book");

let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp({ serveWeb: true, config: { webDist, customerSiteDist: bookDist } });
  admin = (await t.signIn("Admin")).headers;
});
afterAll(async () => {
  await t.close();
  for (const dir of [bookDist, webDist, noBuild]) fs.rmSync(dir, { recursive: true, force: true });
});

const get = (app: TestApp, url: string, headers: Record<string, string> = {}) =>
  app.app.inject({ method: "GET", url, headers: { host: "visas.example.com", ...headers } });

function expectSitePage(response: Awaited<ReturnType<typeof get>>, status = 200) {
  expect(response.statusCode).toBe(status);
  expect(response.headers["content-security-policy"]).toBe(POLICY);
  expect(response.headers["cache-control"]).toBe("no-cache");
  expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
}

const ENTITIES: Record<string, string> = {
  "&amp;": "&",
  "&lt;": "<",
  "&gt;": ">",
  "&quot;": '"',
  "&#39;": "'",
};
const decodeEntities = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] ?? "");
/** The page's title, its meta tags by name or property, and its canonical link, as a browser reads them. */
function headOf(html: string) {
  const meta: Record<string, string> = {};
  for (const tag of html.matchAll(/<meta\s+(?:name|property)="([^"]*)"\s+content="([^"]*)"\s*\/?>/g)) {
    meta[tag[1] as string] = decodeEntities(tag[2] as string);
  }
  return {
    title: decodeEntities(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? ""),
    meta,
    canonical: decodeEntities(/<link rel="canonical" href="([^"]*)">/.exec(html)?.[1] ?? ""),
    metaTags: html.match(/<meta\b/g)?.length ?? 0,
    // Scripts that run: the profile's data (application/json) is none.
    scripts: html.match(/<script\b(?![^>]*type="application\/json")/gi)?.length ?? 0,
  };
}

const PROFILE = {
  BusinessName: "Khan Visa Advisers",
  country: "canada,uk",
  Services: "Consultation,Filing,Interview prep",
  VisaOffer: "Student and work visas, decided within 6 weeks",
};

describe("the customer site's files", () => {
  it("serves a hashed script pre-compressed, cached for a year, without a document's headers", async () => {
    for (const encoding of ["br", "gzip"] as const) {
      const response = await get(t, "/book/assets/index-Bx7k2Q.js", { "accept-encoding": encoding });
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-encoding"]).toBe(encoding);
      const body = encoding === "br" ? zlib.brotliDecompressSync : zlib.gunzipSync;
      expect(body(response.rawPayload).toString("utf8")).toBe(SCRIPT);
      expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(response.headers["content-security-policy"]).toBeUndefined();
      expect(response.headers["x-frame-options"]).toBeUndefined();
      expect(response.headers["x-content-type-options"]).toBe("nosniff");
    }
    const manifest = await get(t, "/book/manifest.webmanifest");
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers["cache-control"]).toBe("no-cache");
    // An asset the build does not hold (an old build's script) is not answered with a page.
    const missing = await get(t, "/book/assets/index-Old123.js");
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({
      message: "No route for GET /book/assets/index-Old123.js",
      code: "route_not_found",
    });
  });

  it("serves the service worker from the base (its scope), never from a cache, under the pages' policy", async () => {
    for (const encoding of ["br", "identity"]) {
      const worker = await get(t, "/book/sw.js", { "accept-encoding": encoding });
      expect(worker.statusCode).toBe(200);
      expect(worker.headers["content-type"]).toMatch(/^(text|application)\/javascript/);
      expect(worker.headers["cache-control"]).toBe("no-cache");
      expect(worker.headers["content-security-policy"]).toBe(POLICY);
      // No wider scope than the site's own.
      expect(worker.headers["service-worker-allowed"]).toBeUndefined();
    }
    const offline = await get(t, "/book/offline.html");
    expect(offline.statusCode).toBe(200);
    expect(offline.headers["content-security-policy"]).toBe(POLICY);
    expect(offline.headers["cache-control"]).toBe("no-cache");
  });

  it("answers index.html for the base and every deep link, under a policy of its own", async () => {
    for (const url of ["/book", "/book/", "/book/appointments", "/book/consultants", "/book/index.html"]) {
      const response = await get(t, `${url}?from=share`);
      expectSitePage(response);
      expect(response.body).toBe(INDEX);
    }
    const head = await t.app.inject({ method: "HEAD", url: "/book/appointments" });
    expect(head.statusCode).toBe(200);
    expect(head.headers["content-security-policy"]).toBe(POLICY);
  });

  it("answers other methods under the base with the server's 404, and leaves the back-office its pages", async () => {
    const post = await t.app.inject({ method: "POST", url: "/book/appointments", payload: {} });
    expect(post.statusCode).toBe(404);
    expect(post.json()).toEqual({ message: "No route for POST /book/appointments", code: "route_not_found" });
    const backOffice = await get(t, "/users");
    expect(backOffice.statusCode).toBe(200);
    expect(backOffice.body).toBe(BACK_OFFICE);
    for (const url of ["/book/users", "/book/appointments", "/book"]) {
      expect((await get(t, url)).body).not.toContain("Back office");
    }
  });
});

describe("a consultant's profile page", () => {
  it("carries the consultant's title, description and link-preview tags, with absolute addresses", async () => {
    const logo = { fileName: "logo.png", content: PNG_1PX, contentType: "image/png" };
    const id = await approvedConsultant(t, admin, { Name: "Amina Khan", ...PROFILE }, { Logo: logo });
    const response = await get(t, `/book/consultants/${id}`);
    expectSitePage(response);
    const page = headOf(response.body);
    const url = `http://visas.example.com/book/consultants/${id}`;
    const description =
      "Visa consultant for Canada, UK. Services: Consultation, Filing, Interview prep. " +
      "Offers: Student and work visas, decided within 6 weeks.";
    expect(page.title).toBe("Amina Khan – Khan Visa Advisers | VisaDesk");
    const api = (await get(t, `${CUSTOMER_API}/consultants/${id}`)).json() as { logoUrl: string };
    expect(page.meta).toEqual({
      description,
      "og:title": "Amina Khan – Khan Visa Advisers",
      "og:description": description,
      "og:type": "profile",
      "og:url": url,
      "og:image": `http://visas.example.com${api.logoUrl}`,
      "og:site_name": "VisaDesk",
      "twitter:card": "summary",
    });
    expect(page.canonical).toBe(url);
    // Only the template's description was replaced: charset plus the eight tags above.
    expect(page.metaTags).toBe(9);
    expect(response.body).not.toContain("<!--app-meta-->");
    // Nothing of the consultant's contacts.
    expect(response.body).not.toMatch(/khan-visas|@|\+92/);
    // A proxy's forwarded protocol and host count only from TRUST_PROXY's proxies (not set here).
    const forwarded = await get(t, `/book/consultants/${id}`, {
      "x-forwarded-proto": "https",
      "x-forwarded-host": "elsewhere.example.com",
    });
    expect(headOf(forwarded.body).meta["og:url"]).toBe(url);
  });

  it("preloads the profile page's own chunks and styles from the build's manifest, and no other page does", async () => {
    const id = await approvedConsultant(t, admin, { Name: "Bilal Preload" });
    const profile = (await get(t, `/book/consultants/${id}`)).body;
    const links = profile.slice(profile.indexOf("index-Bx7k2Q.js"));
    expect(links).toContain(
      '<link rel="modulepreload" crossorigin href="/book/assets/consultant-page-P1r0f.js">',
    );
    expect(links).toContain('<link rel="modulepreload" crossorigin href="/book/assets/field-F13ld.js">');
    expect(links).toContain(
      '<link rel="stylesheet" crossorigin href="/book/assets/consultant-page-S7y1e.css">',
    );
    expect(links).toContain('<link rel="stylesheet" crossorigin href="/book/assets/field-S7y1e.css">');
    // The entry is index.html's own script: not preloaded twice.
    expect(profile.match(/index-Bx7k2Q\.js/g)).toHaveLength(1);
    expect((await get(t, "/book/")).body).toBe(INDEX);
    // The manifest is the server's to read, not a file of the site: its address is just another page's.
    expect((await get(t, "/book/.vite/manifest.json")).body).toBe(INDEX);
  });

  it("cuts a long description at a word, leaves out a business name it lacks, and shares its card without a picture", async () => {
    const id = await approvedConsultant(t, admin, {
      Name: "Bilal Ahmed",
      Services: "Visa filing ".repeat(30),
    });
    await t.db.kysely
      .updateTable("consultants")
      .set({ businessName: " " })
      .where("guidId", "=", id)
      .execute();
    const page = headOf((await get(t, `/book/consultants/${id}`)).body);
    expect(page.title).toBe("Bilal Ahmed | VisaDesk");
    // No picture: the card drawn for them, at its version, shown large.
    expect(page.meta["og:image"]).toMatch(
      new RegExp(`^http://visas\\.example\\.com${CUSTOMER_API}/consultants/${id}/card\\?v=[\\w-]{16}$`),
    );
    expect(page.meta["twitter:card"]).toBe("summary_large_image");
    const description = page.meta.description as string;
    expect(description.length).toBeLessThanOrEqual(160);
    expect(description).toMatch(/^Visa consultant\. Services: Visa filing Visa filing .* Visa filing…$/);
  });

  it("escapes what a consultant calls themselves: nothing breaks out of its element or attribute", async () => {
    const name = `Tom "<script>alert(1)</script>' & Co $& $1`;
    const id = await approvedConsultant(t, admin, { Name: name, BusinessName: "<b>Bold</b> & Sons" });
    const response = await get(t, `/book/consultants/${id}`);
    expectSitePage(response);
    expect(response.body).not.toContain("<script>alert");
    expect(response.body).not.toContain("<b>");
    const page = headOf(response.body);
    // The template's one script, and every tag read whole (charset aside): no value closed its attribute
    // early or added one.
    expect(page.scripts).toBe(1);
    expect(Object.keys(page.meta)).toEqual([
      "description",
      "og:title",
      "og:description",
      "og:type",
      "og:url",
      "og:image",
      "og:site_name",
      "twitter:card",
    ]);
    expect(page.metaTags).toBe(1 + 8);
    expect(page.title).toBe(`${name} – <b>Bold</b> & Sons | VisaDesk`);
    expect(page.meta["og:title"]).toBe(`${name} – <b>Bold</b> & Sons`);
  });

  it("answers the plain page with 404 for an unknown, malformed, unapproved or deleted consultant", async () => {
    const unapproved = (await registerConsultant(t.app, admin)).guidId;
    const deleted = await approvedConsultant(t, admin);
    await t.db.kysely
      .updateTable("consultants")
      .set({ deletedAt: new Date().toISOString() })
      .where("guidId", "=", deleted)
      .execute();
    const ids = [randomUUID(), unapproved, deleted, "not-a-guid", "1", `${randomUUID()}x`, "x".repeat(500)];
    for (const id of ids) {
      const response = await get(t, `/book/consultants/${encodeURIComponent(id)}`);
      expectSitePage(response, 404);
      expect(response.body).toBe(INDEX);
    }
  });
});

describe("elsewhere", () => {
  it("answers a profile's plain page (503) when the consultant cannot be read", async () => {
    const failing = Fastify({ logger: false });
    const config = { ...t.config, customerSiteDist: bookDist };
    const directory = { get: () => Promise.reject(new Error("connection refused")) };
    await failing.register(customerSite({ config, directory }));
    try {
      const response = await failing.inject({ method: "GET", url: `/book/consultants/${randomUUID()}` });
      expectSitePage(response, 503);
      expect(response.body).toBe(INDEX);
    } finally {
      await failing.close();
    }
  });

  it("serves under another CUSTOMER_SITE_BASE, with a trusted proxy's protocol and host", async () => {
    const other = await createTestApp({
      serveWeb: true,
      config: { webDist, customerSiteDist: bookDist, customerSiteBase: "/customers", trustProxy: true },
    });
    try {
      const staff = (await other.signIn("Admin")).headers;
      const id = await approvedConsultant(other, staff, { Name: "Sara Malik", ...PROFILE });
      const forwarded = { "x-forwarded-proto": "https", "x-forwarded-host": "book.example.com" };
      const response = await get(other, `/customers/consultants/${id}`, forwarded);
      expectSitePage(response);
      expect(headOf(response.body).canonical).toBe(`https://book.example.com/customers/consultants/${id}`);
      expect((await get(other, "/customers/assets/index-Bx7k2Q.js")).statusCode).toBe(200);
      expectSitePage(await get(other, "/customers"));
      // /book is nothing special here: a back-office path.
      expect((await get(other, "/book/appointments")).body).toBe(BACK_OFFICE);
    } finally {
      await other.close();
    }
  });

  it("without a build, says so once at start and answers 404 under the base", async () => {
    const lines: string[] = [];
    const bare = await createTestApp({
      serveWeb: true,
      config: { webDist, customerSiteDist: noBuild, logLevel: "warn" },
      logStream: { write: (line) => void lines.push(line) },
    });
    try {
      expect(lines.filter((line) => line.includes("No built customer site"))).toHaveLength(1);
      for (const url of ["/book", "/book/consultants/x"]) {
        const response = await get(bare, url);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ message: `No route for GET ${url}`, code: "route_not_found" });
      }
    } finally {
      await bare.close();
    }
  });
});
