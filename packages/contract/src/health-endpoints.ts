import { endpoint } from "./endpoint";
import { healthSchema, livenessSchema } from "./health";

const tags = ["health"];

/** Public probes for a load balancer or an orchestrator; neither says anything about the data or the setup. */
export const healthEndpoints = {
  ready: endpoint({
    method: "GET",
    path: "/api/health",
    auth: "public",
    tags,
    summary: "Ready: 200 when the database answers, 503 when it cannot be reached",
    description:
      "A readiness probe: 503 (status unavailable, database unreachable, with a message) while the database " +
      "cannot be reached, so a load balancer sends no traffic here until it answers again.",
    responses: { 200: healthSchema, 503: healthSchema },
  }),
  live: endpoint({
    method: "GET",
    path: "/api/health/live",
    auth: "public",
    tags,
    summary: "Live: 200 while the process answers at all",
    description:
      "A liveness probe: a constant answer that reads no database, so an outage of the database never " +
      "has the process restarted.",
    responses: { 200: livenessSchema },
  }),
};
