import { dashboardOverviewSchema, dashboardStatsSchema } from "@visadesk/contract/dashboard";
import { BACK_OFFICE_ROLES } from "@visadesk/contract/roles";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { signedInUser } from "#api/plugins/auth";
import type { OverviewService } from "./overview";
import type { createDashboardService } from "./service";

export function dashboardRoutes(
  dashboard: ReturnType<typeof createDashboardService>,
  overview: OverviewService,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/stats",
      {
        config: { auth: BACK_OFFICE_ROLES },
        schema: {
          tags: ["dashboard"],
          summary: "The dashboard's counts (consultants, app users, appointments)",
          response: { 200: dashboardStatsSchema },
        },
      },
      () => dashboard.stats(),
    );

    app.get(
      "/overview",
      {
        config: { auth: BACK_OFFICE_ROLES },
        schema: {
          tags: ["dashboard"],
          summary: "What needs doing: today's appointments, those to confirm or to be paid, tasks, 12 weeks",
          description:
            "Registrations waiting are answered to Admins only (null for Staff). Lists hold their first 10 " +
            "with the total; today's appointments at most 50.",
          response: { 200: dashboardOverviewSchema },
        },
      },
      (request) => overview.overview(signedInUser(request)),
    );
  };
}
