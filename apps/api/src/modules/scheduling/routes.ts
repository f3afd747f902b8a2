import { schedulingEndpoints } from "@visadesk/contract/scheduling-endpoints";
import type { FastifyPluginAsync } from "fastify";
import { route } from "#api/lib/endpoint-route";
import { signedInUser } from "#api/plugins/auth";
import type { SchedulingService } from "./service";

/** A consultant's time off and free slots (paths, access and shapes: the contract's schedulingEndpoints). */
export function schedulingRoutes(scheduling: SchedulingService): FastifyPluginAsync {
  return async (app) => {
    route(app, schedulingEndpoints.timeOff, (request) => scheduling.listTimeOff(request.params.id));
    route(app, schedulingEndpoints.addTimeOff, (request) =>
      scheduling.addTimeOff(request.params.id, request.body, signedInUser(request)),
    );
    route(app, schedulingEndpoints.removeTimeOff, (request) =>
      scheduling.removeTimeOff(request.params.id, request.params.timeOffId),
    );
    route(app, schedulingEndpoints.availability, (request) =>
      scheduling.availability(request.params.id, request.query),
    );
  };
}
