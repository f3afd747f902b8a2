import cookie from "@fastify/cookie";
import { accountMessages, mfaMessages } from "@visadesk/contract/account-constants";
import { authMessages } from "@visadesk/contract/auth-constants";
import type { Role } from "@visadesk/contract/roles";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { Db } from "../db/database";
import type { Clock } from "../lib/clock";
import { Forbidden, Unauthorized } from "../lib/errors";
import type { AuthUser } from "../modules/auth/auth-user";
import { createSessionCheck, hasFreshProof } from "../modules/auth/sessions";
import { BINDING_COOKIE, type TokenService } from "../modules/auth/tokens";

/** One route's declared access, as the start-up checked it. */
export interface RouteAccess {
  method: string;
  url: string;
  auth: "public" | "customer" | readonly Role[];
}

declare module "fastify" {
  interface FastifyInstance {
    /** Every /api route and who may call it (the authorization matrix test walks this list). */
    routeAccess: readonly RouteAccess[];
  }
  interface FastifyContextConfig {
    /**
     * Declared on every /api route: "public", "customer" (a customer API token, checked by the customer
     * auth plugin), or the back-office roles allowed to call it.
     */
    auth?: "public" | "customer" | readonly Role[];
    /** Answers even while the caller's password is a one-time one (choosing a new one, signing out). */
    allowTemporaryPassword?: boolean;
    /** Answers while REQUIRE_MFA waits for the caller to enrol a second factor (enrolment, signing out). */
    allowMfaEnrolment?: boolean;
    /**
     * Changes a sign-in factor of the caller: needs a proof of the last few minutes (sign-in, or
     * account/reauthenticate), so a session left open is not enough to take the account over.
     */
    freshProof?: boolean;
    /**
     * Also takes the access token from the `token` query parameter, for a browser's EventSource, which
     * cannot send headers. The binding cookie is still required, and the log never shows the parameter.
     */
    tokenInQuery?: boolean;
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
  async (app: FastifyInstance, deps: { db: Db; tokens: TokenService; clock: Clock; requireMfa: boolean }) => {
    app.decorateRequest("user", null);
    const useSession = createSessionCheck(deps.db);
    // Cookies are read only here, by the token check, not parsed for every request.
    await app.register(cookie, { hook: false });

    // Secure by default: an /api route that forgets to declare its access stops the start-up.
    const routeAccess: RouteAccess[] = [];
    app.decorate("routeAccess", routeAccess);
    app.addHook("onRoute", (route) => {
      // (The API documents and their pages, /api/docs and /api/customer/docs, are public.)
      if (/^\/api\/(customer\/)?docs/.test(route.url)) return;
      const auth = route.config?.auth;
      if (!auth) {
        if (route.url.startsWith("/api/"))
          throw new Error(`Route ${route.method} ${route.url} declares no config.auth`);
        // Outside the API (the apps' files) a route need not say; one that does (/files/) is listed too.
        return;
      }
      for (const method of [route.method].flat()) routeAccess.push({ method, url: route.url, auth });
    });

    app.addHook("onRequest", async (request) => {
      const auth = request.routeOptions.config?.auth;
      // A customer route's token is the customer auth plugin's to check (modules/customer-auth/plugin.ts).
      if (!auth || auth === "public" || auth === "customer") return;
      const header = request.headers.authorization;
      const inQuery = request.routeOptions.config.tokenInQuery
        ? (request.query as Record<string, unknown> | undefined)?.token
        : undefined;
      const token = header?.startsWith("Bearer ")
        ? header.slice(7).trim()
        : typeof inQuery === "string"
          ? inQuery
          : "";
      if (!token) throw new Unauthorized();
      // A token is valid only with the cookie set beside it at sign-in (a stolen token alone is refused).
      const binding = request.headers.cookie
        ? app.parseCookie(request.headers.cookie)[BINDING_COOKIE]
        : undefined;
      const sessionId = await deps.tokens.verify(token, binding);
      if (!sessionId) throw new Unauthorized(authMessages.authFailed);
      const user = await useSession(sessionId, deps.clock.now());
      if (!user) throw new Unauthorized(authMessages.authFailed);
      if (!auth.includes(user.role)) throw new Forbidden();
      if (user.isPasswordTemporary && !request.routeOptions.config.allowTemporaryPassword) {
        throw new Forbidden(accountMessages.passwordChangeRequired);
      }
      if (deps.requireMfa && !user.isMfaEnabled && !request.routeOptions.config.allowMfaEnrolment) {
        throw new Forbidden(mfaMessages.enrolmentRequired);
      }
      if (
        request.routeOptions.config.freshProof &&
        !(await hasFreshProof(deps.db, user.sessionId, deps.clock.now()))
      ) {
        throw new Forbidden(mfaMessages.reauthenticationRequired);
      }
      request.user = user;
    });
  },
);
