import { customerBookingEndpoints as endpoints } from "@visadesk/contract/customer-bookings-endpoints";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { route } from "#api/lib/endpoint-route";
import { signedInCustomer } from "../customer-auth/plugin";
import type { CustomerBookingService } from "./service";

/**
 * A customer's own appointments. Booking, moving and cancelling share one budget per account an hour,
 * counted in the database (every instance shares it); the customer is known by then (the customer auth
 * plugin's hook runs first), so each account counts on its own.
 */
export function customerBookingRoutes(bookings: CustomerBookingService) {
  const writes = {
    rateLimit: {
      max: bookings.writesPerHour,
      timeWindow: 60 * 60_000,
      groupId: "customer-booking-writes",
      keyGenerator: (request: FastifyRequest) => `customer ${signedInCustomer(request).id}`,
    },
  };
  const routes: FastifyPluginAsyncZod = async (app) => {
    route(
      app,
      endpoints.book,
      async (request, reply) => {
        const key = (request.headers as { "idempotency-key"?: string })["idempotency-key"];
        const booked = await bookings.bookOnce(signedInCustomer(request), request.body, key);
        if (booked.replayed) reply.header("idempotent-replayed", "true").status(booked.status);
        return booked.answer;
      },
      writes,
    );
    route(app, endpoints.list, (request) => bookings.list(signedInCustomer(request), request.query.when));
    route(app, endpoints.get, (request) => bookings.get(signedInCustomer(request), request.params.id));
    route(
      app,
      endpoints.cancel,
      (request) => bookings.cancel(signedInCustomer(request), request.params.id, request.body.reason),
      writes,
    );
    route(
      app,
      endpoints.reschedule,
      (request) => bookings.reschedule(signedInCustomer(request), request.params.id, request.body.startsAt),
      writes,
    );
  };
  return routes;
}
