import { z } from "zod";
import { apiErrorSchema } from "./common";
import { serverMessages } from "./common-constants";
import {
  consultantAddressSchema,
  consultantDeletedSchema,
  consultantDetailSchema,
  consultantFormSchema,
  consultantRestoredSchema,
  consultantSchema,
  consultantTimingSchema,
  deleteConsultantQuerySchema,
  deletionImpactSchema,
  timeZoneChangeQuerySchema,
  timeZoneChangeSchema,
} from "./consultants";
import { addressMessages, consultantMessages } from "./consultants-constants";
import {
  consultantExportQuerySchema,
  consultantListQuerySchema,
  consultantListSchema,
} from "./consultants-list";
import {
  addressListBodySchema,
  addressListSchema,
  recordListQuerySchema,
  timingBodySchema,
  timingListSchema,
} from "./consultants-timings-addresses";
import { upcomingDeletionMessages } from "./deletion-constants";
import { endpoint } from "./endpoint";
import { bulkResultSchema, consultantBulkBodySchema } from "./lists";
import { EXPORT_LIMIT_TEXT } from "./lists-constants";
import { BACK_OFFICE_ROLES } from "./roles";

const BASE = "/api/v2/Consultants";
const tags = ["consultants"];
const auth = BACK_OFFICE_ROLES;
/** A consultant by its guidId (or its numeric id, which appointments may hold). */
const idParams = z.object({ id: z.string().min(1) });
const VERSION_CHECK =
  'Optimistic concurrency: send the version as it was read (in the body, or an If-Match: "<version>" header); ' +
  "if the record changed since, 409 and nothing is saved. Without a version it is not checked (the spec's " +
  "own client sends none).";

/** A consultant's timings or addresses, listed alike. */
const recordList = <const P extends string, A extends z.ZodType>(path: P, records: string, answer: A) =>
  endpoint({
    method: "GET",
    path: `${BASE}/${path}`,
    auth,
    tags,
    summary: `${records} that are not deleted (optionally of one consultant, by guidId)`,
    description:
      "Paged with page or pageSize (then with total). 404: no consultant with the guidId asked for.",
    query: recordListQuerySchema,
    responses: { 200: answer, 404: apiErrorSchema },
  });

/**
 * The consultants and, under them, their weekly hours (timings) and office addresses, in the order the
 * server registers them (the fuzz tests walk the routes in it). Time off and free times are scheduling's.
 */
export const consultantEndpoints = {
  list: endpoint({
    method: "GET",
    path: `${BASE}/consultants`,
    auth,
    tags,
    summary: "Consultants that are not deleted, newest first",
    description:
      "Without parameters: the whole list as { data }. With page, pageSize or search: one page plus total. " +
      "search is a case-insensitive substring of name, contact email, business name or country. " +
      "deleted=true (Admin only, 403 for anyone else): the deleted consultants instead, most recently deleted " +
      "first, one page plus total, each with deletedAt (updatedBy names who deleted it). Above 1,000 matches " +
      "the total is an estimate (totalIsEstimate); exactTotal=true counts it exactly, up to 10,000 matches " +
      "(400 past that): ask it before acting on every match. 400 names a sort or filter value it does not know.",
    query: consultantListQuerySchema,
    responses: { 200: consultantListSchema, 400: apiErrorSchema, 403: apiErrorSchema },
  }),
  export: endpoint({
    method: "GET",
    path: `${BASE}/consultants/export`,
    auth,
    tags,
    summary: "The consultants list as a CSV file: every matching row, in the list's order",
    description:
      "Takes the list's search, sort and filters (page and pageSize are ignored). UTF-8 with a BOM, a dated " +
      "file name; cells a spreadsheet would read as a formula start with '. Images are not exported.",
    query: consultantExportQuerySchema,
    produces: ["text/csv"],
    responses: {
      200: z.string().describe("CSV text, one consultant a line after the header"),
      400: apiErrorSchema,
      429: apiErrorSchema.describe(EXPORT_LIMIT_TEXT),
    },
  }),
  bulk: endpoint({
    method: "POST",
    path: `${BASE}/bulk`,
    auth,
    tags,
    summary: "One action (approve, unapprove, premium, unpremium, delete) on up to 500 consultants",
    description:
      "Each id is handled as its single action would be, in the order given; a refused row does not stop the " +
      "others and its result says why. delete refuses a consultant with upcoming appointments: deciding " +
      "their fate needs the single delete.",
    body: consultantBulkBodySchema,
    responses: { 200: bulkResultSchema, 400: apiErrorSchema },
  }),
  register: endpoint({
    method: "POST",
    path: `${BASE}/register`,
    auth,
    tags,
    summary: "Add a consultant (multipart: spec field names; optional Logo, ProfilePic, ProfilePicThumbnail)",
    description:
      "multipart/form-data with the spec's field names; GuidId is the new consultant's id (made by the " +
      "server when blank). The images are checked by their content (PNG or JPEG: 415 otherwise, 413 when " +
      'too large). 400 names each wrong field by its entity name, with "Please fill in all required ' +
      'fields" when a required one is missing; 409 when the GuidId is taken.',
    form: consultantFormSchema,
    responses: {
      201: consultantSchema,
      400: apiErrorSchema,
      409: apiErrorSchema,
      413: apiErrorSchema,
      415: apiErrorSchema,
    },
  }),
  update: endpoint({
    method: "PUT",
    path: `${BASE}/update`,
    auth,
    tags,
    summary: "Update the consultant named by GuidId; a missing image keeps the existing one",
    description:
      "The same multipart form as register, GuidId required. Another TimeZone keeps each appointment's " +
      "instant and writes its appointmentDate and appointmentTime as that instant in the new zone (see " +
      "time-zone-change); 409 when two appointments would then meet on one local time. " +
      'A `version` form field (or If-Match: "<version>") is checked: 409 "This record was changed by ' +
      'someone else since you opened it" when the consultant changed since, and nothing is saved. Without a ' +
      "version the update is not checked (the spec's own form sends none). 404: no such consultant.",
    form: consultantFormSchema,
    responses: {
      200: consultantSchema,
      400: apiErrorSchema,
      404: apiErrorSchema,
      409: apiErrorSchema,
      413: apiErrorSchema,
      415: apiErrorSchema,
    },
  }),
  timings: recordList("consultanttimings", "Timings", timingListSchema),
  saveTiming: endpoint({
    method: "POST",
    path: `${BASE}/consultanttimings`,
    auth,
    tags,
    summary: "Add (id 0), edit or soft delete (isDeleted true) one timing",
    description:
      `An edit or soft delete is checked against its version. ${VERSION_CHECK} 404: the consultant or the ` +
      "timing named is not there; 409 also when the guidId is taken.",
    body: timingBodySchema,
    responses: { 200: consultantTimingSchema, 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema },
  }),
  addresses: recordList("consultantaddresses", "Addresses", addressListSchema),
  saveAddresses: endpoint({
    method: "POST",
    path: `${BASE}/consultantaddresses`,
    refusals: { 409: [serverMessages.staleVersion, addressMessages.guidTaken] },
    auth,
    tags,
    summary: "Add (id 0), edit or soft delete (isDeleted true) addresses: an array, usually of one",
    description:
      "Each edited or soft-deleted address is checked against its `version` (If-Match is read only when the " +
      "array holds one address): if one changed since, 409 and none is saved. Without a version an address " +
      "is not checked (the spec's own client sends none). 404: the consultant or an address named is not " +
      "there; 409 also when a guidId is taken.",
    body: addressListBodySchema,
    responses: {
      200: z.array(consultantAddressSchema),
      400: apiErrorSchema,
      404: apiErrorSchema,
      409: apiErrorSchema,
    },
  }),
  detail: endpoint({
    method: "GET",
    path: `${BASE}/{id}`,
    auth,
    tags,
    summary: "One consultant by guidId, with its timings and addresses that are not deleted",
    description: "Also by its numeric id. 404: no such consultant, or it is deleted.",
    params: idParams,
    responses: { 200: consultantDetailSchema, 404: apiErrorSchema },
  }),
  deletionImpact: endpoint({
    method: "GET",
    path: `${BASE}/{id}/deletion-impact`,
    auth,
    tags,
    summary: "How many upcoming, not cancelled appointments deleting this consultant would leave",
    description: "Asked by the delete page before it offers the choice. 404: no such consultant.",
    params: idParams,
    responses: { 200: deletionImpactSchema, 404: apiErrorSchema },
  }),
  timeZoneChange: endpoint({
    method: "GET",
    path: `${BASE}/{id}/time-zone-change`,
    auth,
    tags,
    summary: "What saving the consultant in another time zone would do to its upcoming appointments",
    description:
      "A time zone change keeps each appointment's instant (startsAt, and so its reminders); its " +
      "appointmentDate and appointmentTime are then the same instant in the new zone. Lists the upcoming, " +
      "not cancelled appointments whose local date or time changes, with both. 400: not an IANA time zone; " +
      "404: no such consultant.",
    params: idParams,
    query: timeZoneChangeQuerySchema,
    responses: { 200: timeZoneChangeSchema, 400: apiErrorSchema, 404: apiErrorSchema },
  }),
  remove: endpoint({
    method: "DELETE",
    path: `${BASE}/{id}`,
    refusals: { 409: [upcomingDeletionMessages("consultant", "").upcoming(2)] },
    auth,
    tags,
    summary: "Soft-delete a consultant, deciding the fate of its upcoming appointments",
    description:
      "With upcoming, not cancelled appointments the answer is 409 unless `appointments` says what happens " +
      "to them: cancel (a `reason` is required, 400 without; each customer is mailed it after the delete is " +
      'committed) or keep (they stay, and their answers carry consultantDeleted: true, "consultant ' +
      'removed"). confirmUpcoming=true, the older form, means keep. 404: no such consultant.',
    params: idParams,
    query: deleteConsultantQuerySchema,
    responses: {
      200: consultantDeletedSchema,
      400: apiErrorSchema,
      404: apiErrorSchema,
      409: apiErrorSchema,
    },
  }),
  restore: endpoint({
    method: "POST",
    path: `${BASE}/{id}/restore`,
    refusals: { 409: [consultantMessages.notDeleted] },
    auth: ["Admin"],
    tags,
    summary: "Admin only: restores a deleted consultant with its timings and addresses",
    description:
      "notRestored says what the restore does not bring back: appointments cancelled by the delete stay " +
      "cancelled. 404: no such consultant; 409: the consultant is not deleted.",
    params: idParams,
    responses: { 200: consultantRestoredSchema, 404: apiErrorSchema, 409: apiErrorSchema },
  }),
};
