import { serverMessages } from "@visadesk/contract/common-constants";
import { healthEndpoints } from "@visadesk/contract/health-endpoints";
import type { FastifyPluginAsync } from "fastify";
import { sql } from "kysely";
import type { Db } from "#api/db/database";
import { route } from "#api/lib/endpoint-route";

/** Public probes (declared in the contract's healthEndpoints). */
export function healthRoutes(db: Db): FastifyPluginAsync {
  return async (app) => {
    route(app, healthEndpoints.ready, async (_request, reply) => {
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
