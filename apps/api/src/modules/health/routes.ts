import { serverMessages } from "@visadesk/contract/common-constants";
import { healthSchema, livenessSchema } from "@visadesk/contract/health";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { sql } from "kysely";
import type { Db } from "#api/db/database";

const tags = ["health"];

/** Public probes for a load balancer or an orchestrator; neither says anything about the data or the setup. */
export function healthRoutes(db: Db): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/",
      {
        // Exactly /api/health, not also /api/health/.
        prefixTrailingSlash: "no-slash",
        config: { auth: "public" },
        schema: {
          tags,
          summary: "Ready: 200 when the database answers, 503 when it cannot be reached",
          security: [],
          response: { 200: healthSchema, 503: healthSchema },
        },
      },
      async (_request, reply) => {
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
      },
    );

    // A constant answer with no database: liveness, and the baseline of the throughput benchmark.
    app.get(
      "/live",
      { config: { auth: "public" }, schema: { hide: true, response: { 200: livenessSchema } } },
      async () => ({ status: "ok" as const }),
    );
  };
}
