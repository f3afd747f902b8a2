import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { UserService } from "./service";

export function userRoutes(_users: UserService): FastifyPluginAsyncZod {
  return async () => {};
}
