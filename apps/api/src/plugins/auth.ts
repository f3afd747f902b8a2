import { authMessages } from "@visadesk/contract/auth";
import type { Role } from "@visadesk/contract/roles";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { Db } from "../db/database";
import { preparedQuery } from "../db/prepared";
import type { Clock } from "../lib/clock";
import { Forbidden, Unauthorized } from "../lib/errors";
import type { TokenService } from "../modules/auth/tokens";

/** The signed-in back-office user of a request. */
export interface AuthUser {
  id: number;
  guidId: string;
  userName: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  role: Role;
  sessionId: string;
}

declare module "fastify" {
  interface FastifyContextConfig {
    /** Declared on every /api route: "public", or the roles allowed to call it. */
    auth?: "public" | readonly Role[];
  }
  interface FastifyRequest {
    user: AuthUser | null;
  }
}

/** The signed-in user of a route declared with roles (the auth hook has already refused anyone else). */
export function signedInUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new Unauthorized();
  return request.user;
}

export const authPlugin = fp(
  async (app: FastifyInstance, deps: { db: Db; tokens: TokenService; clock: Clock }) => {
    app.decorateRequest("user", null);

    // Secure by default: an /api route that forgets to declare its access stops the start-up.
    app.addHook("onRoute", (route) => {
      // (The OpenAPI pages under /api/docs are registered by @fastify/swagger-ui and are public.)
      if (route.url.startsWith("/api/") && !route.url.startsWith("/api/docs") && !route.config?.auth) {
        throw new Error(`Route ${route.method} ${route.url} declares no config.auth`);
      }
    });

    app.addHook("onRequest", async (request) => {
      const auth = request.routeOptions.config?.auth;
      if (!auth || auth === "public") return;
      const header = request.headers.authorization;
      const token = header?.startsWith("Bearer ") ? header.slice(7).trim() : "";
      if (!token) throw new Unauthorized();
      const sessionId = await deps.tokens.verify(token);
      if (!sessionId) throw new Unauthorized(authMessages.authFailed);
      const user = await findSessionUser(deps.db, sessionId, deps.clock.now().toISOString());
      if (!user) throw new Unauthorized(authMessages.authFailed);
      if (!auth.includes(user.role)) throw new Forbidden();
      request.user = user;
    });
  },
);

/**
 * A live session of an active, not deleted account: one lookup by the sessions primary key joined to users
 * by theirs. It runs on every authenticated request, so it is compiled once (session validity itself is
 * never cached: a revocation or a deletion takes effect on the next request).
 */
const sessionUserQuery = preparedQuery(
  (db, sessionId: string, now: string) =>
    db
      .selectFrom("sessions")
      .innerJoin("users", "users.id", "sessions.userId")
      .select([
        "users.id",
        "users.guidId",
        "users.userName",
        "users.email",
        "users.firstName",
        "users.lastName",
        "users.role",
        "sessions.id as sessionId",
      ])
      .where("sessions.id", "=", sessionId)
      .where("sessions.revokedAt", "is", null)
      .where("sessions.expiresAt", ">", now)
      .where("users.deletedAt", "is", null)
      .where("users.status", "=", "active"),
  2,
);

async function findSessionUser(db: Db, sessionId: string, now: string): Promise<AuthUser | null> {
  const [row] = await sessionUserQuery.execute(db.kysely, sessionId, now);
  return row ?? null;
}
