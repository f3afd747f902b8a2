import {
  appointmentListQuerySchema,
  appointmentPageSchema,
  appointmentParamsSchema,
  appointmentSchema,
  createAppointmentBodySchema,
  reminderResponseSchema,
  updateAppointmentBodySchema,
} from "@visadesk/contract/appointments";
import { apiErrorSchema, messageSchema } from "@visadesk/contract/common";
import { BACK_OFFICE_ROLES } from "@visadesk/contract/roles";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { signedInUser } from "../../plugins/auth";
import type { AppointmentService } from "./service";

const tags = ["appointments"];
const auth = BACK_OFFICE_ROLES;

/** Spec section 7, under /api/v2/userAppointment; Admin and Staff only. */
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
            "Without page/pageSize: every matching appointment as an array (spec). With them: one page plus total.",
          querystring: appointmentListQuerySchema,
          response: { 200: z.union([appointmentPageSchema, z.array(appointmentSchema)]) },
        },
      },
      (request) => appointments.list(request.query),
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
          body: createAppointmentBodySchema,
          // 409: the guidId is taken, or the consultant's slot is booked.
          response: { 201: appointmentSchema, 409: apiErrorSchema },
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
          body: updateAppointmentBodySchema,
          // 404: no such appointment; 409: the slot is booked.
          response: { 200: appointmentSchema, 404: apiErrorSchema, 409: apiErrorSchema },
        },
      },
      (request) => appointments.update(request.body, signedInUser(request)),
    );

    app.delete(
      "/:id",
      {
        config: { auth },
        schema: {
          tags,
          summary: "Delete an appointment",
          params: appointmentParamsSchema,
          response: { 200: messageSchema },
        },
      },
      (request) => appointments.remove(request.params.id),
    );

    app.post(
      "/:id/send-reminder",
      {
        config: { auth },
        schema: {
          tags,
          summary: "Mail the app user a reminder of the appointment",
          params: appointmentParamsSchema,
          // 409: the appointment is cancelled.
          response: { 200: reminderResponseSchema, 409: apiErrorSchema },
        },
      },
      (request) => appointments.sendReminder(request.params.id),
    );
  };
}
