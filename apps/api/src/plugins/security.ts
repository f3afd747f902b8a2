import { createHash } from "node:crypto";
import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import helmet from "helmet";
import type { Db } from "../db/database";
import { countHit } from "../lib/window-counter";

type RouteKey = { method?: string | string[]; url?: string };
type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * @fastify/rate-limit store that keeps its counters in the database, so every API replica shares them.
 * One upsert per hit: a new window starts when the old one has run out.
 */
function databaseStore(db: Db) {
  // One in-process store per group of routes, so the group's routes share their budget.
  const inProcess = new Map<string, InProcessStore>();
  return class DatabaseRateLimitStore {
    private readonly prefix: string;
    /** Counts under the group's name when the routes share one budget, else under the route's. */
    constructor(route: RouteKey = {}, groupId?: string) {
      this.prefix = groupId ? `group ${groupId}|` : route.url ? `${String(route.method)} ${route.url}|` : "";
    }
    incr(key: string, callback: Callback, timeWindow: number) {
      const now = Date.now();
      countHit(db.kysely, this.prefix + key, timeWindow, now)
        .then(({ hits, resetAt }) => callback(null, { current: hits, ttl: Math.max(0, resetAt - now) }))
        .catch((error: Error) => callback(error));
    }
    // The plugin calls child() with the route's merged limit options, the route itself under routeInfo
    // (its typings say otherwise), so each limited route counts on its own.
    child(options: object) {
      const { countedInProcess, groupId } = options as InProcessOption & { groupId?: string };
      // On PostgreSQL every limit is counted in the database: N instances share one budget.
      if (countedInProcess && db.dialect === "sqlite") {
        const group = groupId ?? String((options as { routeInfo?: RouteKey }).routeInfo?.url);
        const store = inProcess.get(group) ?? new InProcessStore();
        inProcess.set(group, store);
        return store;
      }
      return new DatabaseRateLimitStore((options as { routeInfo?: RouteKey }).routeInfo, groupId);
    }
  };
}

/**
 * A route's rate limit counted in this process's memory on SQLite (the embedded engine serves one process),
 * and in the database on PostgreSQL, where several instances must share one budget.
 */
export interface InProcessOption {
  countedInProcess?: true;
}

/** Addresses counted at once; past it the oldest window is forgotten (a flood of addresses cannot grow memory). */
const IN_PROCESS_KEYS = 10_000;

/**
 * Counters in this process's memory, for limits on reads that must stay cheap (the customer directory) on
 * SQLite, whose single writer a write per read would make the limiter itself the load under a flood.
 */
class InProcessStore {
  private readonly windows = new Map<string, { hits: number; resetAt: number }>();
  incr(key: string, callback: Callback, timeWindow: number) {
    const now = Date.now();
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      this.windows.delete(key);
      window = { hits: 0, resetAt: now + timeWindow };
      if (this.windows.size >= IN_PROCESS_KEYS) {
        const oldest = this.windows.keys().next().value;
        if (oldest !== undefined) this.windows.delete(oldest);
      }
      this.windows.set(key, window);
    }
    window.hits += 1;
    callback(null, { current: window.hits, ttl: window.resetAt - now });
  }
  child() {
    return new InProcessStore();
  }
}

/**
 * The Content-Security-Policy of every answer: scripts, styles, fonts and connections from our own origin
 * only, no inline script but the page's own (by hash), no plugins, no <base>, never framed. Styles need no 'unsafe-inline': Mantine's
 * <style> elements carry the per-page nonce that index.html gets (see contentSecurityPolicy); React sets
 * style props through the CSSOM, which CSP does not restrict. In two parts, where things may load from and
 * what the document may do, which the customer site's policy reuses.
 */
const FETCH_SOURCES = {
  "default-src": ["'self'"],
  "script-src": ["'self'"],
  "style-src": ["'self'"],
  "img-src": ["'self'", "data:", "blob:"],
  "font-src": ["'self'"],
  "connect-src": ["'self'"],
} as const;
const DOCUMENT_RULES = {
  "object-src": ["'none'"],
  "base-uri": ["'none'"],
  "form-action": ["'self'"],
  "frame-ancestors": ["'none'"],
} as const;
const CSP_DIRECTIVES = { ...FETCH_SOURCES, ...DOCUMENT_RULES };

/**
 * The policy as a header value; with the nonce that the index.html of this answer gives its styles, and
 * the hashes of the page's own inline scripts.
 */
export function contentSecurityPolicy(styleNonce?: string, scriptHashes: string[] = []): string {
  const extra: Partial<Record<string, string[]>> = {
    "style-src": styleNonce ? [`'nonce-${styleNonce}'`] : [],
    "script-src": scriptHashes,
  };
  return Object.entries(CSP_DIRECTIVES)
    .map(([name, sources]) => [name, ...sources, ...(extra[name] ?? [])].join(" "))
    .join("; ");
}

/**
 * The customer site's pages (modules/customer-site): the same sources, and no nonce or hash, since its
 * build has no inline script or style at all. Its web manifest and service worker come from our origin;
 * <base> may name only our origin.
 */
export const CUSTOMER_SITE_POLICY = Object.entries({
  ...FETCH_SOURCES,
  "manifest-src": ["'self'"],
  "worker-src": ["'self'"],
  ...DOCUMENT_RULES,
  "base-uri": ["'self'"],
})
  .map(([name, sources]) => [name, ...sources].join(" "))
  .join("; ");

const scriptHashes = new Map<string, string[]>();

/** The CSP sources ('sha256-...') of the inline <script> elements of a page, worked out once per page. */
export function inlineScriptHashes(html: string): string[] {
  let hashes = scriptHashes.get(html);
  if (!hashes) {
    hashes = [...html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)].map(
      (match) =>
        `'sha256-${createHash("sha256")
          .update(match[1] ?? "")
          .digest("base64")}'`,
    );
    scriptHashes.set(html, hashes);
  }
  return hashes;
}

/** A year, as browsers' preload lists ask. */
const HSTS = "max-age=31536000; includeSubDomains";

// helmet itself, built once: @fastify/helmet rebuilds it from the options on every request, about a third
// of the CPU of a bare request (the constant health route went from 27-35k to 46-48k requests a second).
const secureHeaders = helmet({
  contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
  crossOriginResourcePolicy: { policy: "same-origin" },
  referrerPolicy: { policy: "no-referrer" },
  // HSTS only for requests that came over https, below: over plain http it means nothing, and behind a
  // proxy only TRUST_PROXY can tell (request.protocol reads X-Forwarded-Proto only from trusted proxies).
  strictTransportSecurity: false,
});

/**
 * The headers of every answer, errors of the router included: security headers, the request id, and for
 * API answers no caching (they carry personal data and tokens; a route may say otherwise for its own answer).
 */
export function setAnswerHeaders(
  request: FastifyRequest,
  reply: FastifyReply,
  done?: (error?: Error) => void,
) {
  reply.header("x-request-id", request.id);
  if (request.protocol === "https") reply.header("strict-transport-security", HSTS);
  if (request.url.startsWith("/api/")) reply.header("cache-control", "no-store");
  // helmet calls back at once: it only sets headers.
  secureHeaders(request.raw, reply.raw, (error?: unknown) => done?.(error as Error | undefined));
}

/**
 * The security headers of an answer written straight to the socket, where there is no request to hook
 * (the HTTP parser's refusals): helmet's, taken once from a stand-in response, and no caching.
 */
export const rawAnswerHeaders: ReadonlyArray<readonly [string, string]> = (() => {
  const headers: Array<readonly [string, string]> = [];
  const response = {
    setHeader: (name: string, value: unknown) => void headers.push([name.toLowerCase(), String(value)]),
    removeHeader: () => {},
    getHeader: () => undefined,
  };
  secureHeaders({ headers: {} } as never, response as never, () => {});
  return [...headers, ["cache-control", "no-store"] as const];
})();

export const securityPlugin = fp(async (app: FastifyInstance, deps: { db: Db }) => {
  // A callback hook, not an async one: it runs on every request, the hot paths included.
  app.addHook("onRequest", (request, reply, done) => setAnswerHeaders(request, reply, done));
  // Only routes that declare config.rateLimit are limited (sign-in, registration, password recovery, the
  // customer directory).
  await app.register(rateLimit, { global: false, store: databaseStore(deps.db) });
});
