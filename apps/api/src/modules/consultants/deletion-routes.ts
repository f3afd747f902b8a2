import { consultantEndpoints } from "@visadesk/contract/consultants-endpoints";
import type { FastifyInstance } from "fastify";
import { route } from "#api/lib/endpoint-route";
import { signedInUser } from "#api/plugins/auth";
import type { ConsultantService } from "./service";

/** Deleting a consultant with the fate of its appointments, and an Admin's restore. */
export function deletionRoutes(app: FastifyInstance, consultants: ConsultantService) {
  route(app, consultantEndpoints.remove, (request) =>
    consultants.remove(request.params.id, request.query, signedInUser(request)),
  );
  route(app, consultantEndpoints.restore, (request) =>
    consultants.restore(request.params.id, signedInUser(request)),
  );
}
