import {
  appointmentListQuerySchema,
  appointmentPageSchema,
  appointmentParamsSchema,
  appointmentSchema,
  createAppointmentBodySchema,
  deleteAppointmentQuerySchema,
  reminderResponseSchema,
  updateAppointmentBodySchema,
} from "@visadesk/contract/appointments";
import { calendarQuerySchema, calendarSchema } from "@visadesk/contract/calendar";
import { apiErrorSchema, messageSchema } from "@visadesk/contract/common";
import { appointmentBulkBodySchema, bulkResultSchema } from "@visadesk/contract/lists";
import { EXPORT_LIMIT_TEXT } from "@visadesk/contract/lists-constants";
import { BACK_OFFICE_ROLES } from "@visadesk/contract/roles";
import { attendanceBodySchema } from "@visadesk/contract/scheduling";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { holdExportSlot } from "#api/lib/export-slots";
import { datedFileName, sendCsv } from "#api/lib/lists";
import { expectedVersion } from "#api/lib/versions";
import { signedInUser } from "#api/plugins/auth";
import type { AppointmentService } from "./service";

const tags = ["appointments"];
const auth = BACK_OFFICE_ROLES;

/** Under /api/v2/userAppointment; Admin and Staff only. */
export function appointmentRoutes(appointments: AppointmentService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/appointments",
      {
        config: { auth },
        schema: {
          tags,
          summary: "Appointments, optionally of one consultant or app user",
          description:
            "Without page/pageSize: every matching appointment as an array (spec). With them: one page plus " +
            "total. Above 1,000 matches the total is an estimate (totalIsEstimate); exactTotal=true counts it " +
            "exactly, up to 10,000 matches (400 past that): ask it before acting on every match.",
          querystring: appointmentListQuerySchema,
          response: { 200: z.union([appointmentPageSchema, z.array(appointmentSchema)]) },
        },
      },
      (request) => appointments.list(request.query),
    );

    app.get(
      "/calendar",
      {
        config: { auth },
        schema: {
          tags,
          summary: "The appointments calendar of a few consultants over a range of days",
          description:
            "`from` and `to` are consultant-local dates, both inclusive, at most 62 days apart; `consultantIds` " +
            "are 1 to 10 consultant guidIds (or ids), comma-separated. Answers every appointment of those " +
            "consultants dated in the range (cancelled ones too), earliest first, with each consultant's time " +
            "zone, weekly hours (weekday 0 = Sunday) and the time off touching the range. 400 for a longer or " +
            "reversed range, 404 for an unknown consultant.",
          querystring: calendarQuerySchema,
          response: { 200: calendarSchema, 400: apiErrorSchema, 404: apiErrorSchema },
        },
      },
      (request) => appointments.calendar(request.query),
    );

    app.get(
      "/appointments/export",
      {
        config: { auth },
        schema: {
          tags,
          summary: "The appointments list as a CSV file: every matching row, in the list's order",
          description:
            "Takes the list's filters and sort (page and pageSize are ignored). UTF-8 with a BOM, a dated " +
            "file name; cells a spreadsheet would read as a formula start with '.",
          produces: ["text/csv"],
          querystring: appointmentListQuerySchema.omit({ exactTotal: true }),
          response: {
            200: z.string().describe("CSV text, one appointment a line after the header"),
            429: apiErrorSchema.describe(EXPORT_LIMIT_TEXT),
          },
        },
      },
      async (request, reply) => {
        holdExportSlot(request, reply);
        await appointments.recordExport(request.query);
        const { columns, rows } = appointments.exportRows(request.query);
        sendCsv(reply, datedFileName("appointments"), columns, rows);
        return reply;
      },
    );

    app.post(
      "/bulk",
      {
        config: { auth },
        schema: {
          tags,
          summary:
            "One action (confirm, cancel, markPaid, markUnpaid, sendReminder, delete) on up to 500 appointments",
          description:
            "Each id is handled as its single action would be (the same rules and messages), in the order " +
            "given; a refused row does not stop the others and its result says why.",
          body: appointmentBulkBodySchema,
          response: { 200: bulkResultSchema },
        },
      },
      (request) => appointments.bulk(request.body, signedInUser(request)),
    );

    app.get(
      "/:id",
      {
        config: { auth },
        schema: {
          tags,
          summary: "One appointment by guidId",
          params: appointmentParamsSchema,
          response: { 200: appointmentSchema },
        },
      },
      (request) => appointments.get(request.params.id),
    );

    app.post(
      "/",
      {
        config: { auth },
        schema: {
          tags,
          summary: "Book an appointment of an app user with a consultant",
          description:
            "appointmentDate and appointmentTime are wall-clock in the consultant's time zone; the appointment " +
            "occupies [startsAt, startsAt + APPOINTMENT_SLOT_MINUTES). 409 when that overlaps another appointment " +
            "of the consultant that is not cancelled (any start minute); 422 when it is outside the consultant's " +
            "hours or on their time off, unless allowOutsideHours is true; 400 for a time the clocks skip.",
          body: createAppointmentBodySchema,
          // 409: the guidId is taken, or the time overlaps a booking; 422: outside hours or on time off.
          response: { 201: appointmentSchema, 409: apiErrorSchema, 422: apiErrorSchema },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await appointments.create(request.body, signedInUser(request))),
    );

    app.put(
      "/update-appointment",
      {
        config: { auth },
        schema: {
          tags,
          summary: "Update an appointment (confirm, cancel, mark paid, reschedule)",
          description:
            "Optimistic concurrency: send the appointment's `version` as it was read (in the body, or an " +
            'If-Match: "<version>" header). If it changed since, the answer is 409 "This record was changed by ' +
            'someone else since you opened it" and nothing is saved; this covers confirming and cancelling ' +
            "too. Without a version the update is not checked (the spec's own client sends none).",
          body: updateAppointmentBodySchema,
          // 404: no such appointment; 409: the slot is booked, or the version is not current; 422: moved
          // outside the consultant's hours or onto time off without allowOutsideHours.
          response: { 200: appointmentSchema, 404: apiErrorSchema, 409: apiErrorSchema, 422: apiErrorSchema },
        },
      },
      (request) =>
        appointments.update(
          request.body,
          signedInUser(request),
          expectedVersion(request, request.body.version),
        ),
    );

    app.delete(
      "/:id",
      {
        config: { auth },
        schema: {
          tags,
          summary: "Delete an appointment",
          description:
            'With ?version=<n> (or If-Match: "<n>"), an appointment changed since it was read is not deleted: ' +
            "409. Without a version the delete is not checked (the spec's own client sends none).",
          params: appointmentParamsSchema,
          querystring: deleteAppointmentQuerySchema,
          // 404: no such appointment; 409: the version is not current.
          response: { 200: messageSchema, 404: apiErrorSchema, 409: apiErrorSchema },
        },
      },
      (request) => appointments.remove(request.params.id, expectedVersion(request, request.query.version)),
    );

    app.post(
      "/:id/attendance",
      {
        config: { auth },
        schema: {
          tags,
          summary: "Record whether the app user came (Attended, NoShow, LateCancellation; null clears)",
          description:
            "Only once the appointment has started (400 before), and NoShow not on a cancelled appointment " +
            "(400). With a version (body or If-Match), 409 when the appointment changed since it was read.",
          params: appointmentParamsSchema,
          body: attendanceBodySchema,
          response: { 200: appointmentSchema, 404: apiErrorSchema, 409: apiErrorSchema },
        },
      },
      (request) =>
        appointments.recordAttendance(
          request.params.id,
          request.body,
          signedInUser(request),
          expectedVersion(request, request.body.version),
        ),
    );

    app.post(
      "/:id/send-reminder",
      {
        config: { auth },
        schema: {
          tags,
          summary: "Mail the app user a reminder of the appointment",
          params: appointmentParamsSchema,
          description:
            "One reminder per appointment every 10 minutes (REMINDER_COOLDOWN_MINUTES; the automatic one " +
            "counts): a sooner ask mails nothing and answers 429 with Retry-After.",
          // 409: the appointment is cancelled; 429: a reminder went out less than 10 minutes ago.
          response: { 200: reminderResponseSchema, 409: apiErrorSchema, 429: apiErrorSchema },
        },
      },
      (request) => appointments.sendReminder(request.params.id),
    );
  };
}
