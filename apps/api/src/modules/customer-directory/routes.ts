import { customerDirectoryEndpoints as endpoints } from "@visadesk/contract/customer-directory-endpoints";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { route } from "#api/lib/endpoint-route";
import { signedInCustomer } from "../customer-auth/plugin";
import type { CustomerDirectoryService } from "./service";

/** The consultant directory of the customer API. */
export function customerDirectoryRoutes(directory: CustomerDirectoryService) {
  const routes: FastifyPluginAsyncZod = async (app) => {
    route(app, endpoints.list, (request) => directory.list(request.query));
    route(app, endpoints.get, (request) => directory.get(request.params.id));
    route(app, endpoints.availability, (request) =>
      directory.availability(signedInCustomer(request), request.params.id, request.query),
    );
  };
  return routes;
}
