import { serverMessages } from "@visadesk/contract/common-constants";
import { healthEndpoints } from "@visadesk/contract/health-endpoints";
import type { FastifyPluginAsync } from "fastify";
import { sql } from "kysely";
import type { Db } from "#api/db/database";
import { route } from "#api/lib/endpoint-route";

/**
 * How long a query may have waited for a database connection before this instance calls itself saturated:
 * past it the readiness check answers 503, so a load balancer sends new work to another instance until the
 * queue drains, instead of piling more onto this one.
 */
export const SATURATED_AFTER_MS = 1_000;

/** Public probes (declared in the contract's healthEndpoints). */
export function healthRoutes(db: Db): FastifyPluginAsync {
  return async (app) => {
    // A draining instance (SIGTERM) needs nothing here: from the moment it starts closing it stops listening,
    // closes idle connections and Fastify answers 503 to any request that still arrives on a busy one.
    route(app, healthEndpoints.ready, async (_request, reply) => {
      // Asked before the database: the check's own query would only join the queue it measures.
      if (db.waitedMs() > SATURATED_AFTER_MS) {
        return reply.status(503).send({ status: "busy", message: serverMessages.serverBusy });
      }
      try {
        await sql`select 1`.execute(db.kysely);
        return { status: "ok" as const, database: "ok" as const };
      } catch (error) {
        reply.log.warn({ err: error }, "health check: the database is unreachable");
        return reply.status(503).send({
          status: "unavailable",
          database: "unreachable",
          message: serverMessages.databaseUnavailable,
        });
      }
    });
    // A constant answer with no database: liveness, and the baseline of the throughput benchmark.
    route(app, healthEndpoints.live, () => ({ status: "ok" as const }));
  };
}
