import { BACK_OFFICE_ROLES } from "@visadesk/contract/roles";
import { globalSearchQuerySchema, globalSearchSchema } from "@visadesk/contract/search";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
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
}): FastifyPluginAsyncZod {
  return async (app) => {
    // "" rather than "/": the prefix alone, without a second, trailing-slash route.
    app.get(
      "",
      {
        config: { auth: BACK_OFFICE_ROLES },
        schema: {
          tags: ["search"],
          summary: "Consultants, app users, internal users and appointments matching a term, a few of each",
          description:
            "q matches name, email, phone, CNIC and business name (appointments: their customer's or " +
            "consultant's searchable fields). A run of 4 or more digits of a consultant's phone number or " +
            "an account's phone number or CNIC finds it, with or without dashes or spaces. Each group " +
            "answers its first `limit` items (5 unless told, at most 20) newest first and its total, which " +
            "above 1,000 is an estimate (totalIsEstimate). A term of 1 or 2 characters is looked for among " +
            "the newest 1,000 records of each kind only; its total is then an estimate when there are more.",
          querystring: globalSearchQuerySchema,
          response: { 200: globalSearchSchema },
        },
      },
      async (request) => {
        const { q: term, limit } = request.query;
        // Each table's trigram indexes are read once, whichever groups need them.
        const passes = sharedPasses();
        const [consultants, appUsers, internalUsers, appointments] = await Promise.all([
          services.consultants.search(term, limit, passes),
          services.users.search(term, "AppUser", limit, passes),
          services.users.search(term, "internal", limit, passes),
          services.appointments.search(term, limit, passes),
        ]);
        return { consultants, appUsers, internalUsers, appointments };
      },
    );
  };
}
