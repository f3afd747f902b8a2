import type { ConsultantDetail } from "@visadesk/contract/consultants";
import { consultantEndpoints as endpoints } from "@visadesk/contract/consultants-endpoints";
import type { FastifyPluginAsync } from "fastify";
import { keptJson } from "#api/db/kept-reads";
import { route } from "#api/lib/endpoint-route";
import { Forbidden } from "#api/lib/errors";
import { holdExportSlot } from "#api/lib/export-slots";
import { datedFileName, sendCsv } from "#api/lib/lists";
import { signedInUser } from "#api/plugins/auth";
import { deletionRoutes } from "./deletion-routes";
import { CONSULTANT_CSV } from "./export";
import { registrationRoutes } from "./registration-routes";
import type { ConsultantService } from "./service";
import { timingRoutes } from "./timing-routes";

/**
 * The consultants (the contract's consultantEndpoints): the list, its export and bulk actions, a
 * consultant's detail and what saving it in another zone or deleting it would do; the form, the hours and
 * offices, and deletion are beside it. Registered in this order (the fuzz tests walk the routes in it).
 */
export function consultantRoutes(consultants: ConsultantService): FastifyPluginAsync {
  /** The JSON of each consultant detail the service keeps; dropped with the detail itself. */
  const detailJson = keptJson<ConsultantDetail>();
  return async (app) => {
    route(app, endpoints.list, (request) => {
      if (request.query.deleted && signedInUser(request).role !== "Admin") {
        throw new Forbidden("Only an Admin can see deleted consultants");
      }
      return consultants.list(request.query);
    });

    route(
      app,
      endpoints.export,
      async (request, reply) => {
        await holdExportSlot(request, reply);
        await consultants.recordExport(request.query);
        sendCsv(
          reply,
          datedFileName("consultants"),
          CONSULTANT_CSV,
          consultants.exportRows(request.query, CONSULTANT_CSV),
        );
        return reply;
      },
      { csvColumns: CONSULTANT_CSV.map((column) => column.header) },
    );

    route(app, endpoints.bulk, (request) => consultants.bulk(request.body, signedInUser(request)));

    registrationRoutes(app, consultants);
    timingRoutes(app, consultants);

    route(app, endpoints.detail, async (request, reply) => {
      const detail = await consultants.get(request.params.id);
      // The service hands back the same object while the consultant is unchanged: its JSON (made by this
      // route's answer schema, as text) is made once per change, not once per request.
      const json = detailJson(detail, (value) => reply.serialize(value) as string);
      return reply.type("application/json; charset=utf-8").send(json);
    });

    route(app, endpoints.deletionImpact, (request) => consultants.deletionImpact(request.params.id));

    route(app, endpoints.timeZoneChange, (request) =>
      consultants.timeZoneChange(request.params.id, request.query.timeZone),
    );

    deletionRoutes(app, consultants);
  };
}
