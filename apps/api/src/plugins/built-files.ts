import fs from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply } from "fastify";

/**
 * Scripts and stylesheets (or their pre-compressed .br and .gz): a browser runs or applies them inside a
 * page, never opens them as one.
 */
const SUBRESOURCE_ONLY = /\.(js|mjs|css)(\.br|\.gz)?$/;

/**
 * The security headers that only a document acts on (the policy, framing, opener, origin-keyed agent
 * cluster, legacy IE and Flash switches). Every other answer keeps them, SVG images included (an SVG opened
 * on its own is a document that can run script); scripts and stylesheets keep nosniff, the
 * Cross-Origin-Resource-Policy and the Referrer-Policy (a stylesheet's own url() requests follow it).
 */
const DOCUMENT_ONLY_HEADERS = [
  "content-security-policy",
  "cross-origin-opener-policy",
  "origin-agent-cluster",
  "x-dns-prefetch-control",
  "x-download-options",
  "x-frame-options",
  "x-permitted-cross-domain-policies",
  "x-xss-protection",
];

/** Cache and security headers of one file of a Vite build. */
function setBuiltFileHeaders(reply: FastifyReply, filePath: string, assetsDir: string) {
  // Vite puts a content hash in every asset name.
  const hashed = filePath.startsWith(assetsDir);
  reply.header("cache-control", hashed ? "public, max-age=31536000, immutable" : "no-cache");
  if (hashed && SUBRESOURCE_ONLY.test(filePath)) {
    // A script or a stylesheet is never a document: the headers only documents act on are left off
    // (about 600 bytes on each of the dozen files a page loads). It is fetched once and kept for a
    // year under a name that changes with its content, so no validator is needed either.
    for (const name of [...DOCUMENT_ONLY_HEADERS, "etag", "last-modified"]) {
      reply.removeHeader(name);
      reply.raw.removeHeader(name);
    }
  }
}

/**
 * A Vite build's files under `prefix`, and its index.html (read once) for the caller to answer its pages
 * with: undefined, after one warning, when the folder holds no build. index.html itself gets no file route,
 * so every page goes through the caller (its own headers, its own changes to the page).
 */
export async function serveBuiltFiles(
  app: FastifyInstance,
  options: {
    root: string;
    prefix: string;
    /** What the warning calls the build, and how to make it ("run `npm run build`."). */
    name: string;
    buildHint: string;
    /** A second build in one server: the first one's reply decorators stay. */
    decorateReply?: boolean;
    /** The policy of the build's other pages (an offline page), when it is not the server's own. */
    documentPolicy?: string;
    /**
     * The build's service worker, at its root so its scope is the whole prefix. It runs under the pages'
     * policy, and is revalidated on every check, so a deploy's new worker is found at the next visit.
     */
    serviceWorker?: string;
  },
): Promise<string | undefined> {
  const indexFile = `${options.root}/index.html`;
  if (!fs.existsSync(indexFile)) {
    app.log.warn(`No built ${options.name} at ${options.root}: ${options.buildHint}`);
    return undefined;
  }
  const assetsDir = path.join(options.root, "assets") + path.sep;
  await app.register(fastifyStatic, {
    root: options.root,
    prefix: options.prefix,
    decorateReply: options.decorateReply ?? true,
    // One route per file found at start, so a path outside the build never reaches the folder.
    wildcard: false,
    index: false,
    // The build's manifest (.vite/) is for the server to read, not a file of the site.
    globIgnore: ["index.html", ".vite/**"],
    // The build writes a .br and a .gz beside every asset: the variant the client accepts is sent as it
    // is, with Content-Encoding and Vary, so no request pays for compressing a script.
    preCompressed: true,
    setHeaders(reply, filePath) {
      setBuiltFileHeaders(reply, filePath, assetsDir);
      const worker =
        options.serviceWorker !== undefined &&
        path.relative(options.root, filePath).replace(/\.(br|gz)$/, "") === options.serviceWorker;
      if (options.documentPolicy && (filePath.endsWith(".html") || worker)) {
        reply.header("content-security-policy", options.documentPolicy);
      }
      if (worker) reply.header("cache-control", "no-cache");
    },
  });
  return fs.readFileSync(indexFile, "utf8");
}
