import { customerBookingEndpoints as endpoints } from "@visadesk/contract/customer-bookings-endpoints";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { route } from "#api/lib/endpoint-route";
import { signedInCustomer } from "../customer-auth/plugin";
import type { CustomerBookingService } from "./service";

/** A customer's own appointments. */
export function customerBookingRoutes(bookings: CustomerBookingService) {
  const routes: FastifyPluginAsyncZod = async (app) => {
    route(app, endpoints.book, (request) => bookings.book(signedInCustomer(request), request.body));
    route(app, endpoints.list, (request) => bookings.list(signedInCustomer(request), request.query.when));
    route(app, endpoints.get, (request) => bookings.get(signedInCustomer(request), request.params.id));
    route(app, endpoints.cancel, (request) =>
      bookings.cancel(signedInCustomer(request), request.params.id, request.body.reason),
    );
    route(app, endpoints.reschedule, (request) =>
      bookings.reschedule(signedInCustomer(request), request.params.id, request.body.startsAt),
    );
  };
  return routes;
}
