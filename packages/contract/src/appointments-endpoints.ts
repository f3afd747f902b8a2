import { z } from "zod";
import {
  appointmentListQuerySchema,
  appointmentPageSchema,
  appointmentParamsSchema,
  appointmentSchema,
  createAppointmentBodySchema,
  deleteAppointmentQuerySchema,
  reminderResponseSchema,
  updateAppointmentBodySchema,
} from "./appointments";
import { appointmentMessages } from "./appointments-constants";
import { calendarQuerySchema, calendarSchema } from "./calendar";
import { apiErrorSchema, messageSchema } from "./common";
import { serverMessages } from "./common-constants";
import { endpoint } from "./endpoint";
import { appointmentBulkBodySchema, bulkResultSchema } from "./lists";
import { EXPORT_LIMIT_TEXT } from "./lists-constants";
import { BACK_OFFICE_ROLES } from "./roles";
import { attendanceBodySchema } from "./scheduling";
import { schedulingMessages } from "./scheduling-constants";

const tags = ["appointments"];
/** Admin and Staff only. */
const auth = BACK_OFFICE_ROLES;

/** Appointments of app users with consultants, under the spec's userAppointment paths. */
export const appointmentEndpoints = {
  list: endpoint({
    method: "GET",
    path: "/api/v2/userAppointment/appointments",
    auth,
    tags,
    summary: "Appointments, optionally of one consultant or app user",
    description:
      "Without page/pageSize: every matching appointment as an array (spec). With them: one page plus " +
      "total. Above 1,000 matches the total is an estimate (totalIsEstimate); exactTotal=true counts it " +
      "exactly, up to 10,000 matches (400 past that): ask it before acting on every match. 400 for a sort, " +
      "status, attendance or paid value the list does not know, or a date that is not YYYY-MM-DD.",
    query: appointmentListQuerySchema,
    responses: { 200: z.union([appointmentPageSchema, z.array(appointmentSchema)]) },
  }),
  calendar: endpoint({
    method: "GET",
    path: "/api/v2/userAppointment/calendar",
    auth,
    tags,
    summary: "The appointments calendar of a few consultants over a range of days",
    description:
      "`from` and `to` are consultant-local dates, both inclusive, at most 62 days apart; `consultantIds` " +
      "are 1 to 10 consultant guidIds (or ids), comma-separated. Answers every appointment of those " +
      "consultants dated in the range (cancelled ones too), earliest first, with each consultant's time " +
      "zone, weekly hours (weekday 0 = Sunday) and the time off touching the range. 400 for a longer or " +
      "reversed range, 404 for an unknown consultant.",
    query: calendarQuerySchema,
    responses: { 200: calendarSchema, 400: apiErrorSchema, 404: apiErrorSchema },
  }),
  export: endpoint({
    method: "GET",
    path: "/api/v2/userAppointment/appointments/export",
    auth,
    tags,
    summary: "The appointments list as a CSV file: every matching row, in the list's order",
    description:
      "Takes the list's filters and sort (page and pageSize are ignored). UTF-8 with a BOM, a dated " +
      "file name; cells a spreadsheet would read as a formula start with '. 429 when the account already " +
      "runs as many exports as it may at once.",
    query: appointmentListQuerySchema.omit({ exactTotal: true }),
    produces: ["text/csv"],
    responses: {
      200: z.string().describe("CSV text, one appointment a line after the header"),
      429: apiErrorSchema.describe(EXPORT_LIMIT_TEXT),
    },
  }),
  bulk: endpoint({
    method: "POST",
    path: "/api/v2/userAppointment/bulk",
    auth,
    tags,
    summary:
      "One action (confirm, cancel, markPaid, markUnpaid, sendReminder, delete) on up to 500 appointments",
    description:
      "Each id is handled as its single action would be (the same rules and messages), in the order " +
      "given; a refused row does not stop the others and its result says why.",
    body: appointmentBulkBodySchema,
    responses: { 200: bulkResultSchema },
  }),
  get: endpoint({
    method: "GET",
    path: "/api/v2/userAppointment/{id}",
    auth,
    tags,
    summary: "One appointment by guidId",
    description:
      "The id is the appointment's guidId or its numeric id. 404 when there is no such appointment.",
    params: appointmentParamsSchema,
    responses: { 200: appointmentSchema },
  }),
  create: endpoint({
    method: "POST",
    path: "/api/v2/userAppointment",
    auth,
    tags,
    summary: "Book an appointment of an app user with a consultant",
    description:
      "appointmentDate and appointmentTime are wall-clock in the consultant's time zone; the appointment " +
      "occupies [startsAt, startsAt + APPOINTMENT_SLOT_MINUTES). 409 when that overlaps another appointment " +
      "of the consultant that is not cancelled (any start minute), or the guidId is taken; 422 when it is " +
      "outside the consultant's hours or on their time off, unless allowOutsideHours is true; 400 for a " +
      "time the clocks skip.",
    body: createAppointmentBodySchema,
    responses: { 201: appointmentSchema, 409: apiErrorSchema, 422: apiErrorSchema },
    refusals: {
      409: [appointmentMessages.slotTaken, appointmentMessages.duplicateGuid],
      422: [schedulingMessages.unavailable],
    },
  }),
  update: endpoint({
    method: "PUT",
    path: "/api/v2/userAppointment/update-appointment",
    auth,
    tags,
    summary: "Update an appointment (confirm, cancel, mark paid, reschedule)",
    description:
      "Optimistic concurrency: send the appointment's `version` as it was read (in the body, or an " +
      'If-Match: "<version>" header). If it changed since, the answer is 409 "This record was changed by ' +
      'someone else since you opened it" and nothing is saved; this covers confirming and cancelling ' +
      "too. Without a version the update is not checked (the spec's own client sends none). 404: no such " +
      "appointment; 409 also when the new time is booked; 422 when it is moved outside the consultant's " +
      "hours or onto time off without allowOutsideHours.",
    body: updateAppointmentBodySchema,
    responses: { 200: appointmentSchema, 404: apiErrorSchema, 409: apiErrorSchema, 422: apiErrorSchema },
    refusals: {
      404: [appointmentMessages.notFound],
      409: [serverMessages.staleVersion, appointmentMessages.slotTaken],
      422: [schedulingMessages.unavailable],
    },
  }),
  remove: endpoint({
    method: "DELETE",
    path: "/api/v2/userAppointment/{id}",
    auth,
    tags,
    summary: "Delete an appointment",
    description:
      'With ?version=<n> (or If-Match: "<n>"), an appointment changed since it was read is not deleted: ' +
      "409. Without a version the delete is not checked (the spec's own client sends none). 404: no such " +
      "appointment.",
    params: appointmentParamsSchema,
    query: deleteAppointmentQuerySchema,
    responses: { 200: messageSchema, 404: apiErrorSchema, 409: apiErrorSchema },
  }),
  recordAttendance: endpoint({
    method: "POST",
    path: "/api/v2/userAppointment/{id}/attendance",
    auth,
    tags,
    summary: "Record whether the app user came (Attended, NoShow, LateCancellation; null clears)",
    description:
      "Only once the appointment has started (400 before), and NoShow not on a cancelled appointment " +
      "(400). With a version (body or If-Match), 409 when the appointment changed since it was read. 404: " +
      "no such appointment.",
    params: appointmentParamsSchema,
    body: attendanceBodySchema,
    responses: { 200: appointmentSchema, 404: apiErrorSchema, 409: apiErrorSchema },
  }),
  sendReminder: endpoint({
    method: "POST",
    path: "/api/v2/userAppointment/{id}/send-reminder",
    auth,
    tags,
    summary: "Mail the app user a reminder of the appointment",
    description:
      "One reminder per appointment every 10 minutes (REMINDER_COOLDOWN_MINUTES; the automatic one " +
      "counts): a sooner ask mails nothing and answers 429 with Retry-After. 409 when the appointment is " +
      "cancelled.",
    params: appointmentParamsSchema,
    responses: { 200: reminderResponseSchema, 409: apiErrorSchema, 429: apiErrorSchema },
    refusals: { 409: [appointmentMessages.reminderCancelled], 429: [appointmentMessages.reminderTooSoon] },
  }),
};
