import { BACK_OFFICE_ROLES } from "@visadesk/contract/roles";
import { globalSearchQuerySchema, globalSearchSchema } from "@visadesk/contract/search";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppointmentService } from "../appointments/service";
import type { ConsultantService } from "../consultants/service";
import type { UserService } from "../users/service";

/**
 * GET /api/v2/search: one box that looks everywhere. Each group is the first page of its own list for the
 * term (the same queries, indexes and totals), so what the search shows is what the list would show, plus
 * the exact matches the lists' search text cannot hold (a consultant's phone number, an account's CNIC).
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
            "consultant's searchable fields). A consultant's phone number and an account's CNIC match when " +
            "exact. Each group answers its first `limit` items (5 unless told, at most 20) newest " +
            "first and its total, which above 1,000 is an estimate (totalIsEstimate).",
          querystring: globalSearchQuerySchema,
          response: { 200: globalSearchSchema },
        },
      },
      async (request) => {
        const { q: term, limit } = request.query;
        const [consultants, appUsers, internalUsers, appointments] = await Promise.all([
          services.consultants.search(term, limit),
          services.users.search(term, "AppUser", limit),
          services.users.search(term, "internal", limit),
          services.appointments.search(term, limit),
        ]);
        return { consultants, appUsers, internalUsers, appointments };
      },
    );
  };
}
