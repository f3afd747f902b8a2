import { apiErrorSchema } from "@visadesk/contract/common";
import {
  addressListBodySchema,
  addressListSchema,
  type ConsultantDetail,
  consultantAddressSchema,
  consultantDeletedSchema,
  consultantDetailSchema,
  consultantFieldsSchema,
  consultantListQuerySchema,
  consultantListSchema,
  consultantRestoredSchema,
  consultantSchema,
  consultantTimingSchema,
  deleteConsultantQuerySchema,
  deletionImpactSchema,
  guidIdSchema,
  recordListQuerySchema,
  timeZoneChangeQuerySchema,
  timeZoneChangeSchema,
  timingBodySchema,
  timingListSchema,
} from "@visadesk/contract/consultants";
import {
  CONSULTANT_FILE_FIELDS,
  CONSULTANT_MULTIPART_FIELDS,
  consultantMessages,
  REQUIRED_CONSULTANT_FIELDS,
} from "@visadesk/contract/consultants-constants";
import { bulkResultSchema, consultantBulkBodySchema } from "@visadesk/contract/lists";
import { EXPORT_LIMIT_TEXT } from "@visadesk/contract/lists-constants";
import { BACK_OFFICE_ROLES } from "@visadesk/contract/roles";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { booleanCell, numberCell, textCell, timestampCell } from "#api/db/csv-copy";
import { keptJson } from "#api/db/kept-reads";
import { Forbidden, ValidationError } from "#api/lib/errors";
import { holdExportSlot } from "#api/lib/export-slots";
import { type CsvColumn, datedFileName, sendCsv } from "#api/lib/lists";
import { expectedVersion, versionField } from "#api/lib/versions";
import { signedInUser } from "#api/plugins/auth";
import { readMultipart } from "#api/plugins/uploads";
import { checkImage } from "../files/service";
import type { ExportedConsultant } from "./repository";
import type { ConsultantImages, ConsultantService } from "./service";

const tags = ["consultants"];
const auth = BACK_OFFICE_ROLES;
const ADMIN_ONLY = ["Admin"] as const;
const idParams = z.object({ id: z.string().min(1) });

/** The export's columns: what staff read in a spreadsheet; never the images. */
const CONSULTANT_CSV: CsvColumn<ExportedConsultant>[] = [
  { header: "Id", value: (c) => c.guidId, cell: textCell("consultants.guidId") },
  { header: "Name", value: (c) => c.name, cell: textCell("consultants.name") },
  { header: "Business Name", value: (c) => c.businessName, cell: textCell("consultants.businessName") },
  { header: "Email", value: (c) => c.contactEmail, cell: textCell("consultants.contactEmail") },
  { header: "Phone", value: (c) => c.phoneNumber, cell: textCell("consultants.phoneNumber") },
  { header: "Office Number", value: (c) => c.officeNumber, cell: textCell("consultants.officeNumber") },
  { header: "Countries", value: (c) => c.country, cell: textCell("consultants.country") },
  { header: "Website", value: (c) => c.website, cell: textCell("consultants.website") },
  { header: "Address", value: (c) => c.address, cell: textCell("consultants.address") },
  { header: "Visa Offer", value: (c) => c.visaOffer, cell: textCell("consultants.visaOffer") },
  { header: "Services", value: (c) => c.services, cell: textCell("consultants.services") },
  { header: "Fee", value: (c) => c.fee, cell: numberCell("consultants.fee") },
  { header: "Experience", value: (c) => c.experience, cell: numberCell("consultants.experience") },
  { header: "Rating", value: (c) => c.rating, cell: numberCell("consultants.rating") },
  { header: "Approved", value: (c) => c.isApproved, cell: booleanCell("consultants.isApproved") },
  { header: "Premium", value: (c) => c.isPremium, cell: booleanCell("consultants.isPremium") },
  { header: "Created At", value: (c) => c.createdAt, cell: timestampCell("consultants.createdAt") },
];

/**
 * Reads the multipart form of register/update (the contract's field names), validates it with the shared
 * schema (field errors by entity name) and checks the images by content (png/jpeg only).
 */
async function readConsultantForm(request: FastifyRequest) {
  const form = await readMultipart(request);
  const input = Object.fromEntries(
    Object.entries(CONSULTANT_MULTIPART_FIELDS).map(([field, name]) => [field, form.fields[name]]),
  );
  const result = consultantFieldsSchema.safeParse(input);
  const guid = form.fields.GuidId?.trim() || undefined;
  const guidOk = guid === undefined || guidIdSchema.safeParse(guid).success;
  if (!result.success || !guidOk) {
    const fieldErrors = result.success ? {} : ValidationError.fromZod(result.error).fieldErrors!;
    if (!guidOk) fieldErrors.guidId = consultantMessages.guidInvalid;
    const missingRequired = REQUIRED_CONSULTANT_FIELDS.some((field) => field in fieldErrors);
    throw new ValidationError(fieldErrors, missingRequired ? consultantMessages.fillRequired : undefined);
  }
  const images: ConsultantImages = {};
  for (const [field, name] of Object.entries(CONSULTANT_FILE_FIELDS)) {
    const file = form.files[name];
    if (file) {
      const purpose = field === "logoURL" ? "logo" : "profilePicture";
      images[field as keyof ConsultantImages] = await checkImage(file, "png-jpeg", purpose);
    }
  }
  return { fields: result.data, guidId: guid, images, version: versionField(form.fields) };
}

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

    app.post(
      "/register",
      {
        config: { auth },
        schema: {
          tags,
          summary:
            "Add a consultant (multipart: spec field names; optional Logo, ProfilePic, ProfilePicThumbnail)",
          consumes: ["multipart/form-data"],
          // 409: the GuidId is taken.
          response: { 201: consultantSchema, 409: apiErrorSchema },
        },
      },
      async (request, reply) => {
        const form = await readConsultantForm(request);
        const created = await consultants.create(
          form.fields,
          form.guidId,
          form.images,
          signedInUser(request),
        );
        return reply.status(201).send(created);
      },
    );

    app.put(
      "/update",
      {
        config: { auth },
        schema: {
          tags,
          summary: "Update the consultant named by GuidId; a missing image keeps the existing one",
          description:
            "Another TimeZone keeps each appointment's instant and writes its appointmentDate and " +
            "appointmentTime as that instant in the new zone (see time-zone-change). " +
            "Optimistic concurrency: send the consultant's `version` as it was read (a `version` form field, " +
            'or an If-Match: "<version>" header). If the consultant changed since, the answer is 409 ' +
            '"This record was changed by someone else since you opened it" and nothing is saved. ' +
            "Without a version the update is not checked (the spec's own form sends none).",
          consumes: ["multipart/form-data"],
          // 404: no such consultant; 409: the version is not current, or two appointments would meet on
          // one local time in the new zone.
          response: { 200: consultantSchema, 404: apiErrorSchema, 409: apiErrorSchema },
        },
      },
      async (request) => {
        const form = await readConsultantForm(request);
        if (!form.guidId) throw new ValidationError({ guidId: consultantMessages.guidRequired });
        return consultants.update(
          form.guidId,
          form.fields,
          form.images,
          signedInUser(request),
          expectedVersion(request, form.version),
        );
      },
    );

    app.get(
      "/consultanttimings",
      {
        config: { auth },
        schema: {
          tags,
          summary: "Timings that are not deleted (optionally of one consultant, by guidId)",
          querystring: recordListQuerySchema,
          // 404: no consultant with the guidId asked for.
          response: { 200: timingListSchema, 404: apiErrorSchema },
        },
      },
      (request) => consultants.listTimings(request.query),
    );

    app.post(
      "/consultanttimings",
      {
        config: { auth },
        schema: {
          tags,
          summary: "Add (id 0), edit or soft delete (isDeleted true) one timing",
          description:
            'An edit or soft delete checks `version` (in the body, or an If-Match: "<version>" header) against ' +
            "the stored timing: if it changed since, 409 and nothing is saved. Without a version it is not " +
            "checked (the spec's own client sends none).",
          body: timingBodySchema,
          // 404: the consultant or the timing named is not there.
          // 409: the GuidId is taken, or the version is not current.
          response: { 200: consultantTimingSchema, 404: apiErrorSchema, 409: apiErrorSchema },
        },
      },
      (request) =>
        consultants.saveTiming(
          request.body,
          signedInUser(request),
          expectedVersion(request, request.body.id === 0 ? undefined : request.body.version),
        ),
    );

    app.get(
      "/consultantaddresses",
      {
        config: { auth },
        schema: {
          tags,
          summary: "Addresses that are not deleted (optionally of one consultant, by guidId)",
          querystring: recordListQuerySchema,
          // 404: no consultant with the guidId asked for.
          response: { 200: addressListSchema, 404: apiErrorSchema },
        },
      },
      (request) => consultants.listAddresses(request.query),
    );

    app.post(
      "/consultantaddresses",
      {
        config: { auth },
        schema: {
          tags,
          summary: "Add (id 0), edit or soft delete (isDeleted true) addresses: an array, usually of one",
          description:
            "Each edited or soft-deleted address is checked against its `version` (If-Match is read only when " +
            "the array holds one address): if one changed since, 409 and none is saved. Without a version an " +
            "address is not checked (the spec's own client sends none).",
          body: addressListBodySchema,
          // 404: the consultant or an address named is not there.
          // 409: a GuidId is taken, or a version is not current.
          response: { 200: z.array(consultantAddressSchema), 404: apiErrorSchema, 409: apiErrorSchema },
        },
      },
      (request) => {
        const bodies = request.body;
        const expected =
          bodies.length === 1
            ? [expectedVersion(request, bodies[0]!.version)]
            : bodies.map((body) => body.version);
        return consultants.saveAddresses(bodies, signedInUser(request), expected);
      },
    );

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

    app.delete(
      "/:id",
      {
        config: { auth },
        schema: {
          tags,
          summary: "Soft-delete a consultant, deciding the fate of its upcoming appointments",
          description:
            "With upcoming, not cancelled appointments the answer is 409 unless `appointments` says what " +
            "happens to them: cancel (a `reason` is required; each customer is mailed it after the delete " +
            'is committed) or keep (they stay, and their answers carry consultantDeleted: true, "consultant ' +
            'removed"). confirmUpcoming=true, the older form, means keep.',
          params: idParams,
          querystring: deleteConsultantQuerySchema,
          // 400: cancel without a reason; 404: no such consultant; 409: upcoming appointments, no decision.
          response: {
            200: consultantDeletedSchema,
            400: apiErrorSchema,
            404: apiErrorSchema,
            409: apiErrorSchema,
          },
        },
      },
      (request) => consultants.remove(request.params.id, request.query, signedInUser(request)),
    );

    app.post(
      "/:id/restore",
      {
        config: { auth: ADMIN_ONLY },
        schema: {
          tags,
          summary: "Admin only: restores a deleted consultant with its timings and addresses",
          description:
            "notRestored says what the restore does not bring back: appointments cancelled by the delete " +
            "stay cancelled.",
          params: idParams,
          // 404: no such consultant; 409: the consultant is not deleted.
          response: { 200: consultantRestoredSchema, 404: apiErrorSchema, 409: apiErrorSchema },
        },
      },
      (request) => consultants.restore(request.params.id, signedInUser(request)),
    );
  };
}
