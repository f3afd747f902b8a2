import { apiErrorSchema } from "@visadesk/contract/common";
import {
  type ConsultantDetail,
  consultantDetailSchema,
  consultantListQuerySchema,
  consultantListSchema,
  deletionImpactSchema,
  timeZoneChangeQuerySchema,
  timeZoneChangeSchema,
} from "@visadesk/contract/consultants";
import { bulkResultSchema, consultantBulkBodySchema } from "@visadesk/contract/lists";
import { EXPORT_LIMIT_TEXT } from "@visadesk/contract/lists-constants";
import { BACK_OFFICE_ROLES } from "@visadesk/contract/roles";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { keptJson } from "#api/db/kept-reads";
import { Forbidden } from "#api/lib/errors";
import { holdExportSlot } from "#api/lib/export-slots";
import { datedFileName, sendCsv } from "#api/lib/lists";
import { signedInUser } from "#api/plugins/auth";
import { deletionRoutes } from "./deletion-routes";
import { CONSULTANT_CSV } from "./export";
import { registrationRoutes } from "./registration-routes";
import type { ConsultantService } from "./service";
import { timingRoutes } from "./timing-routes";

const tags = ["consultants"];
const auth = BACK_OFFICE_ROLES;
const idParams = z.object({ id: z.string().min(1) });

/**
 * Under /api/v2/Consultants: the list, its export and bulk actions, a consultant's detail and what saving
 * it in another zone or deleting it would do; the form, the hours and offices, and deletion are beside it.
 * Registered in this order (the fuzz tests walk the routes in it).
 */
export function consultantRoutes(consultants: ConsultantService): FastifyPluginAsyncZod {
  /** The JSON of each consultant detail the service keeps; dropped with the detail itself. */
  const detailJson = keptJson<ConsultantDetail>();
  return async (app) => {
    app.get(
      "/consultants",
      {
        config: { auth },
        schema: {
          tags,
          summary: "Consultants that are not deleted, newest first",
          description:
            "Without parameters: the whole list as { data }. With page, pageSize or search: one page plus total. " +
            "search is a case-insensitive substring of name, contact email, business name or country. " +
            "deleted=true (Admin only): the deleted consultants instead, most recently deleted first, one " +
            "page plus total, each with deletedAt (updatedBy names who deleted it). Above 1,000 matches " +
            "the total is an estimate (totalIsEstimate); exactTotal=true counts it exactly, up to 10,000 " +
            "matches (400 past that): ask it before acting on every match.",
          querystring: consultantListQuerySchema,
          // 403: deleted=true asked by someone who is not an Admin.
          response: { 200: consultantListSchema, 403: apiErrorSchema },
        },
      },
      (request) => {
        if (request.query.deleted && signedInUser(request).role !== "Admin") {
          throw new Forbidden("Only an Admin can see deleted consultants");
        }
        return consultants.list(request.query);
      },
    );

    app.get(
      "/consultants/export",
      {
        config: { auth },
        schema: {
          tags,
          summary: "The consultants list as a CSV file: every matching row, in the list's order",
          description:
            "Takes the list's search, sort and filters (page and pageSize are ignored). UTF-8 with a BOM, " +
            "a dated file name; cells a spreadsheet would read as a formula start with '. Images are not " +
            "exported.",
          produces: ["text/csv"],
          querystring: consultantListQuerySchema.omit({ deleted: true, exactTotal: true }),
          response: {
            200: z.string().describe("CSV text, one consultant a line after the header"),
            429: apiErrorSchema.describe(EXPORT_LIMIT_TEXT),
          },
        },
      },
      async (request, reply) => {
        holdExportSlot(request, reply);
        await consultants.recordExport(request.query);
        sendCsv(
          reply,
          datedFileName("consultants"),
          CONSULTANT_CSV,
          consultants.exportRows(request.query, CONSULTANT_CSV),
        );
        return reply;
      },
    );

    app.post(
      "/bulk",
      {
        config: { auth },
        schema: {
          tags,
          summary: "One action (approve, unapprove, premium, unpremium, delete) on up to 500 consultants",
          description:
            "Each id is handled as its single action would be, in the order given; a refused row does not " +
            "stop the others and its result says why. delete refuses a consultant with upcoming " +
            "appointments: deciding their fate needs the single delete.",
          body: consultantBulkBodySchema,
          response: { 200: bulkResultSchema },
        },
      },
      (request) => consultants.bulk(request.body, signedInUser(request)),
    );

    registrationRoutes(app, consultants);
    timingRoutes(app, consultants);

    app.get(
      "/:id",
      {
        config: { auth },
        schema: {
          tags,
          summary: "One consultant by guidId, with its timings and addresses that are not deleted",
          params: idParams,
          response: { 200: consultantDetailSchema },
        },
      },
      async (request, reply) => {
        const detail = await consultants.get(request.params.id);
        // The service hands back the same object while the consultant is unchanged: its JSON (made by this
        // route's answer schema, as text) is made once per change, not once per request.
        const json = detailJson(detail, (value) => reply.serialize(value) as string);
        return reply.type("application/json; charset=utf-8").send(json as unknown as typeof detail);
      },
    );

    app.get(
      "/:id/deletion-impact",
      {
        config: { auth },
        schema: {
          tags,
          summary: "How many upcoming, not cancelled appointments deleting this consultant would leave",
          params: idParams,
          response: { 200: deletionImpactSchema },
        },
      },
      (request) => consultants.deletionImpact(request.params.id),
    );

    app.get(
      "/:id/time-zone-change",
      {
        config: { auth },
        schema: {
          tags,
          summary: "What saving the consultant in another time zone would do to its upcoming appointments",
          description:
            "A time zone change keeps each appointment's instant (startsAt, and so its reminders); its " +
            "appointmentDate and appointmentTime are then the same instant in the new zone. Lists the " +
            "upcoming, not cancelled appointments whose local date or time changes, with both.",
          params: idParams,
          querystring: timeZoneChangeQuerySchema,
          // 400: not an IANA time zone; 404: no such consultant.
          response: { 200: timeZoneChangeSchema, 400: apiErrorSchema, 404: apiErrorSchema },
        },
      },
      (request) => consultants.timeZoneChange(request.params.id, request.query.timeZone),
    );

    deletionRoutes(app, consultants);
  };
}
