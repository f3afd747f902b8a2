import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppointmentService } from "./service";

export function appointmentRoutes(_appointments: AppointmentService): FastifyPluginAsyncZod {
  return async () => {};
}
