import { apiErrorSchema, messageSchema } from "@visadesk/contract/common";
import { BACK_OFFICE_ROLES } from "@visadesk/contract/roles";
import {
  availabilityQuerySchema,
  availabilitySchema,
  consultantParamsSchema,
  timeOffBodySchema,
  timeOffListSchema,
  timeOffParamsSchema,
  timeOffSchema,
} from "@visadesk/contract/scheduling";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { signedInUser } from "#api/plugins/auth";
import type { SchedulingService } from "./service";

const tags = ["scheduling"];
const auth = BACK_OFFICE_ROLES;

/** Under /api/v2/Consultants: a consultant's time off and free slots; Admin and Staff only. */
export function schedulingRoutes(scheduling: SchedulingService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/:id/time-off",
      {
        config: { auth },
        schema: {
          tags,
          summary: "Days the consultant is away, earliest first",
          params: consultantParamsSchema,
          response: { 200: timeOffListSchema, 404: apiErrorSchema },
        },
      },
      (request) => scheduling.listTimeOff(request.params.id),
    );

    app.post(
      "/:id/time-off",
      {
        config: { auth },
        schema: {
          tags,
          summary: "Record days the consultant is away (from and to inclusive, consultant-local dates)",
          params: consultantParamsSchema,
          body: timeOffBodySchema,
          response: { 201: timeOffSchema, 404: apiErrorSchema },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await scheduling.addTimeOff(request.params.id, request.body, signedInUser(request))),
    );

    app.delete(
      "/:id/time-off/:timeOffId",
      {
        config: { auth },
        schema: {
          tags,
          summary: "Remove a time off record (by its id or guidId)",
          params: timeOffParamsSchema,
          response: { 200: messageSchema, 404: apiErrorSchema },
        },
      },
      (request) => scheduling.removeTimeOff(request.params.id, request.params.timeOffId),
    );

    app.get(
      "/:id/availability",
      {
        config: { auth },
        schema: {
          tags,
          summary: "Free appointment start times per day",
          description:
            "Per consultant-local date from `from` to `to` (inclusive, at most 62 days): the slot starts " +
            "(HH:MM wall-clock in `timeZone`) inside the consultant's hours, not on time off, not overlapping " +
            "an appointment that is not cancelled, and not in the past. `slotMinutes` is APPOINTMENT_SLOT_MINUTES.",
          params: consultantParamsSchema,
          querystring: availabilityQuerySchema,
          response: { 200: availabilitySchema, 404: apiErrorSchema },
        },
      },
      (request) => scheduling.availability(request.params.id, request.query),
    );
  };
}
