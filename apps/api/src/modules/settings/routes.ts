import { settingsEndpoints } from "@visadesk/contract/settings-endpoints";
import type { FastifyPluginAsync } from "fastify";
import { route } from "#api/lib/endpoint-route";

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
}): FastifyPluginAsync {
  return async (app) => {
    route(app, settingsEndpoints.public, (_request, reply) => {
      reply.header("cache-control", "public, max-age=300");
      return {
        companyName: settings.companyName,
        companyUrl: settings.companyUrl,
        currency: settings.currency,
        businessTimeZone: settings.businessTimeZone,
      };
    });
  };
}
