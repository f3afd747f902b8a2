import helmet from "@fastify/helmet";
import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Db } from "../db/database";

type RouteKey = { method?: string | string[]; url?: string };
type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * @fastify/rate-limit store that keeps its counters in the database, so every API replica shares them.
 * One upsert per hit: a new window starts when the old one has run out.
 */
function databaseStore(db: Db) {
  return class DatabaseRateLimitStore {
    private readonly prefix: string;
    constructor(route: RouteKey = {}) {
      this.prefix = route.url ? `${String(route.method)} ${route.url}|` : "";
    }
    incr(key: string, callback: Callback, timeWindow: number) {
      const now = Date.now();
      db.kysely
        .insertInto("rateLimits")
        .values({ key: this.prefix + key, hits: 1, resetAt: now + timeWindow })
        .onConflict((oc) =>
          oc.column("key").doUpdateSet((eb) => ({
            hits: eb
              .case()
              .when("rateLimits.resetAt", "<=", now)
              .then(1)
              .else(eb("rateLimits.hits", "+", 1))
              .end(),
            resetAt: eb
              .case()
              .when("rateLimits.resetAt", "<=", now)
              .then(now + timeWindow)
              .else(eb.ref("rateLimits.resetAt"))
              .end(),
          })),
        )
        .returning(["hits", "resetAt"])
        .executeTakeFirstOrThrow()
        .then((row) =>
          callback(null, { current: Number(row.hits), ttl: Math.max(0, Number(row.resetAt) - now) }),
        )
        .catch((error: Error) => callback(error));
    }
    // The plugin calls child() with the route's merged limit options, the route itself under routeInfo
    // (its typings say otherwise), so each limited route counts on its own.
    child(options: object) {
      return new DatabaseRateLimitStore((options as { routeInfo?: RouteKey }).routeInfo);
    }
  };
}

export const securityPlugin = fp(async (app: FastifyInstance, deps: { db: Db }) => {
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", "data:", "blob:"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginResourcePolicy: { policy: "same-origin" },
  });
  // Only routes that declare config.rateLimit are limited (sign-in, registration, password recovery).
  await app.register(rateLimit, { global: false, store: databaseStore(deps.db) });
});
