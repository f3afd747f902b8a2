import { dashboardEndpoints } from "@visadesk/contract/dashboard-endpoints";
import type { FastifyPluginAsync } from "fastify";
import { route } from "#api/lib/endpoint-route";
import { signedInUser } from "#api/plugins/auth";
import type { OverviewService } from "./overview";
import type { createDashboardService } from "./service";

/** The dashboard's figures (their paths, access and shapes: the contract's dashboardEndpoints). */
export function dashboardRoutes(
  dashboard: ReturnType<typeof createDashboardService>,
  overview: OverviewService,
): FastifyPluginAsync {
  return async (app) => {
    route(app, dashboardEndpoints.stats, () => dashboard.stats());
    route(app, dashboardEndpoints.overview, (request) => overview.overview(signedInUser(request)));
  };
}
