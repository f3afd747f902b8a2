import { notificationEndpoints } from "@visadesk/contract/notifications-endpoints";
import type { FastifyPluginAsync } from "fastify";
import { route } from "#api/lib/endpoint-route";
import { signedInUser } from "#api/plugins/auth";
import type { NotificationService } from "./service";

/** What concerns the signed-in person now (declared in the contract's notificationEndpoints). */
export function notificationRoutes(notifications: NotificationService): FastifyPluginAsync {
  return async (app) => {
    route(app, notificationEndpoints.list, (request) => notifications.list(signedInUser(request)));
    route(app, notificationEndpoints.readAll, (request) => notifications.readAll(signedInUser(request)));
    route(app, notificationEndpoints.read, (request) =>
      notifications.read(signedInUser(request), request.params.id),
    );
  };
}
