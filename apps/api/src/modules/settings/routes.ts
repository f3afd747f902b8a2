import { publicSettingsSchema } from "@visadesk/contract/settings";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

/**
 * The company the footer names and links to, from the server's COMPANY_NAME / COMPANY_URL, and the
 * currency of fees (CURRENCY) and the BUSINESS_TIMEZONE the time-zone selects start from, so one built web
 * app shows whatever the operator configured (no rebuild per deployment).
 */
export function settingsRoutes(settings: {
  companyName: string;
  companyUrl: string;
  currency: string;
  businessTimeZone: string;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/public",
      {
        config: { auth: "public" },
        schema: {
          tags: ["settings"],
          summary: "Settings the web app reads before sign-in",
          response: { 200: publicSettingsSchema },
        },
      },
      async (_request, reply) => {
        reply.header("cache-control", "public, max-age=300");
        return {
          companyName: settings.companyName,
          companyUrl: settings.companyUrl,
          currency: settings.currency,
          businessTimeZone: settings.businessTimeZone,
        };
      },
    );
  };
}
