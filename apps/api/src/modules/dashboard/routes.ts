import { dashboardStatsSchema } from "@visadesk/contract/dashboard";
import { BACK_OFFICE_ROLES } from "@visadesk/contract/roles";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { createDashboardService } from "./service";

export function dashboardRoutes(dashboard: ReturnType<typeof createDashboardService>): FastifyPluginAsyncZod {
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
  };
}
