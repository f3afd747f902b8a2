import { searchEndpoints } from "@visadesk/contract/search-endpoints";
import type { FastifyPluginAsync } from "fastify";
import { route } from "#api/lib/endpoint-route";
import type { AppointmentService } from "../appointments/service";
import type { ConsultantService } from "../consultants/service";
import type { UserService } from "../users/service";
import { sharedPasses } from "./window";

/**
 * GET /api/v2/search: one box that looks everywhere. Each group finds what its list's search would, plus
 * the numbers the lists' search text does not hold (a consultant's phone number, an account's CNIC) by any
 * run of their digits; how much each group reads is bounded by one rule (window.ts).
 */
export function searchRoutes(services: {
  consultants: ConsultantService;
  users: UserService;
  appointments: AppointmentService;
}): FastifyPluginAsync {
  return async (app) => {
    route(app, searchEndpoints.everywhere, async (request) => {
      const { q: term, limit } = request.query;
      // Each table's trigram indexes are read once, whichever groups need them.
      const passes = sharedPasses();
      const [consultants, appUsers, internalUsers, appointments] = await Promise.all([
        services.consultants.search(term, limit, passes),
        services.users.search(term, "AppUser", limit, passes),
        services.users.search(term, "internal", limit, passes),
        services.appointments.search(term, limit, passes),
      ]);
      return {
        consultants: asPage(consultants),
        appUsers: asPage(appUsers),
        internalUsers: asPage(internalUsers),
        appointments: asPage(appointments),
      };
    });
  };
}

/** A group as the lists' envelope answers it: its rows under data. */
function asPage<T>({ items, ...total }: { items: T[]; total: number; totalIsEstimate?: true }) {
  return { data: items, ...total };
}
