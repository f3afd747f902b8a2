import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { ConsultantService } from "./service";

export function consultantRoutes(_consultants: ConsultantService): FastifyPluginAsyncZod {
  return async () => {};
}
