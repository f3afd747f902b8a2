import { consultantEndpoints } from "@visadesk/contract/consultants-endpoints";
import type { FastifyInstance } from "fastify";
import { route } from "#api/lib/endpoint-route";
import { expectedVersion } from "#api/lib/versions";
import { signedInUser } from "#api/plugins/auth";
import type { ConsultantService } from "./service";

/** A consultant's weekly hours (timings) and office addresses (declared alike: the contract's recordList). */
export function timingRoutes(app: FastifyInstance, consultants: ConsultantService) {
  route(app, consultantEndpoints.timings, (request) => consultants.listTimings(request.query));
  route(app, consultantEndpoints.saveTiming, (request) =>
    consultants.saveTiming(
      request.body,
      signedInUser(request),
      expectedVersion(request, request.body.id === 0 ? undefined : request.body.version),
    ),
  );
  route(app, consultantEndpoints.addresses, (request) => consultants.listAddresses(request.query));
  route(app, consultantEndpoints.saveAddresses, (request) => {
    const bodies = request.body;
    // If-Match names one record's version: it is read only when the array holds one address.
    const expected =
      bodies.length === 1
        ? [expectedVersion(request, bodies[0]!.version)]
        : bodies.map((body) => body.version);
    return consultants.saveAddresses(bodies, signedInUser(request), expected);
  });
}
