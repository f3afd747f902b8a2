import { serverMessages } from "@visadesk/contract/common-constants";
import { customerDirectoryMessages as messages } from "@visadesk/contract/customer-directory";
import { customerDirectoryEndpoints as endpoints } from "@visadesk/contract/customer-directory-endpoints";
import type { FastifyContextConfig } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { route } from "#api/lib/endpoint-route";
import { NotFound, ServiceBusy } from "#api/lib/errors";
import type { InProcessOption } from "#api/plugins/security";
import { CardsBusy, createCardRenderer } from "../customer-site/consultant-card";
import type { CustomerDirectoryService } from "./service";

/**
 * The consultant directory of the customer API. Its routes share one budget per address (a scraper
 * walking profiles and free times counts against the same one as the list): in the process's memory on
 * SQLite, in the database on PostgreSQL (one budget for every instance).
 */
export function customerDirectoryRoutes(directory: CustomerDirectoryService) {
  const rateLimit = {
    max: directory.requestsPerMinute,
    timeWindow: 60_000,
    groupId: "customer-directory",
    countedInProcess: true,
  } satisfies InProcessOption & Record<string, unknown>;
  const config = { rateLimit } as Omit<FastifyContextConfig, "auth">;
  const routes: FastifyPluginAsyncZod = async (app) => {
    route(app, endpoints.list, (request) => directory.list(request.query), config);
    route(app, endpoints.filters, () => directory.filters(), config);
    route(app, endpoints.get, (request) => directory.get(request.params.id), config);
    // A listed consultant's link-preview card, drawn once per version and kept; an old v is revalidated.
    const card = createCardRenderer();
    route(
      app,
      endpoints.card,
      async (request, reply) => {
        const consultant = await directory.summary(request.params.id);
        if (!consultant) throw new NotFound(messages.consultantNotFound);
        let drawn: Awaited<ReturnType<typeof card>>;
        try {
          drawn = await card(consultant);
        } catch (error) {
          if (error instanceof CardsBusy) throw new ServiceBusy(serverMessages.imagesBusy, 5);
          throw error;
        }
        const etag = `"${drawn.version}"`;
        reply
          .header("etag", etag)
          .header(
            "cache-control",
            request.query.v === drawn.version ? "public, max-age=31536000, immutable" : "public, no-cache",
          );
        if (request.headers["if-none-match"] === etag) return reply.status(304).send();
        return reply.header("content-type", "image/png").send(drawn.png);
      },
      config,
    );
    // Public (a visitor sees free times before signing in); a signed-in customer's token picks their zone.
    route(
      app,
      endpoints.availability,
      (request) =>
        directory.availability(request.params.id, {
          ...request.query,
          timeZone: request.query.timeZone ?? request.customer?.timeZone,
        }),
      { ...config, customerOptional: true },
    );
  };
  return routes;
}
