import { BACK_OFFICE_ROLES } from "@visadesk/contract/roles";
import { globalSearchQuerySchema, globalSearchSchema } from "@visadesk/contract/search";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppointmentService } from "../appointments/service";
import type { ConsultantService } from "../consultants/service";
import type { UserService } from "../users/service";

/**
 * GET /api/v2/search: one box that looks everywhere. Each group is the first page of its own list for the
 * term (the same queries, indexes and totals), so what the search shows is what the list would show.
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
            "consultant's). Each group answers its first `limit` items (5 unless told, at most 20) newest " +
            "first and its total, which above 1,000 is an estimate (totalIsEstimate).",
          querystring: globalSearchQuerySchema,
          response: { 200: globalSearchSchema },
        },
      },
      async (request) => {
        const { q: search, limit } = request.query;
        const page = { search, page: 1, pageSize: limit };
        const [consultants, appUsers, internalUsers, appointments] = await Promise.all([
          services.consultants.list(page),
          services.users.list({ ...page, role: "AppUser" }),
          services.users.list({ ...page, role: "internal" }),
          services.appointments.search(search, limit),
        ]);
        return {
          consultants: groupOf(consultants),
          appUsers: groupOf(appUsers),
          internalUsers: groupOf(internalUsers),
          appointments,
        };
      },
    );
  };
}

/** A list's page as a search group (a paged list always answers { data, total }). */
function groupOf<T>(
  list: T[] | { data: T[]; total?: number | undefined; totalIsEstimate?: true | undefined },
) {
  const page = Array.isArray(list) ? { data: list } : list;
  return {
    items: page.data,
    total: "total" in page && page.total !== undefined ? page.total : page.data.length,
    ...("totalIsEstimate" in page && page.totalIsEstimate ? { totalIsEstimate: true as const } : {}),
  };
}
