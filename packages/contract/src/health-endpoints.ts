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
    summary: "Ready: 200 when this instance should get traffic, 503 when not",
    description:
      "A readiness probe for a load balancer. 503 with a message while the database cannot be reached " +
      "(status unavailable, database unreachable), while this instance is saturated (status busy: a " +
      "request has waited over a second for a database connection), so the balancer sends no traffic here " +
      "until it answers 200 again. An instance shutting down (SIGTERM) stops listening at once and " +
      "finishes the requests in flight.",
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
