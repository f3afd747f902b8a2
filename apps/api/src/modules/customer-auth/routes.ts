import {
  CUSTOMER_REFRESH_COOKIE,
  CUSTOMER_SESSION_DAYS,
  customerAuthMessages,
  type TokenPair,
} from "@visadesk/contract/customer-auth";
import { CUSTOMER_API, customerAuthEndpoints as endpoints } from "@visadesk/contract/customer-auth-endpoints";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { readForm, route } from "#api/lib/endpoint-route";
import { Unauthorized } from "#api/lib/errors";
import { auditContextOf } from "../audit/service";
import { checkImage } from "../files/service";
import type { CustomerAccountService } from "./account";
import type { createErasure } from "./erasure";
import { signedInCustomer } from "./plugin";
import type { CustomerAuthService } from "./service";

/**
 * The customer site's refresh token: HttpOnly (no script reads it), SameSite=Strict (no other site's page
 * sends it), sent only to the auth routes, for the device session's life.
 */
const refreshCookieOptions = (maxAge?: number) =>
  ({
    httpOnly: true,
    sameSite: "strict",
    path: `${CUSTOMER_API}/auth`,
    secure: "auto",
    ...(maxAge ? { maxAge } : {}),
  }) as const;

function inCookie(reply: FastifyReply, pair: TokenPair): TokenPair {
  const { refreshToken, ...rest } = pair;
  if (refreshToken) {
    reply.setCookie(
      CUSTOMER_REFRESH_COOKIE,
      refreshToken,
      refreshCookieOptions(CUSTOMER_SESSION_DAYS * 86_400),
    );
  }
  return rest;
}

/** Sign-up, the email code, sign-in per device with rotating refresh tokens, and the devices. */
export function customerAuthRoutes(
  auth: CustomerAuthService,
  account: CustomerAccountService,
  erase: ReturnType<typeof createErasure>,
  options: { loginRateLimit: number; registerRateLimit: number },
) {
  // The back-office's budgets: per address, counters shared through the database.
  const rateLimit = { max: options.loginRateLimit, timeWindow: 60_000 };
  const signUpRateLimit = { max: options.registerRateLimit, timeWindow: 10 * 60_000 };
  const routes: FastifyPluginAsyncZod = async (app) => {
    route(app, endpoints.signUp, (request) => auth.signUp(request.body, auditContextOf(request)), {
      rateLimit: signUpRateLimit,
    });
    route(app, endpoints.verifyEmail, (request) => auth.verifyEmail(request.body.email, request.body.code), {
      rateLimit,
    });
    route(app, endpoints.resendCode, (request) => auth.resendCode(request.body.email), { rateLimit });
    route(
      app,
      endpoints.signIn,
      async (request, reply) => {
        const pair = await auth.signIn(request.body, {
          address: request.ip,
          userAgent: request.headers["user-agent"],
          requestId: request.id,
          log: request.log,
        });
        return request.body.refreshTokenIn === "cookie" ? inCookie(reply, pair) : pair;
      },
      { rateLimit },
    );
    route(
      app,
      endpoints.refresh,
      async (request, reply) => {
        const cookie = request.headers.cookie
          ? app.parseCookie(request.headers.cookie)[CUSTOMER_REFRESH_COOKIE]
          : undefined;
        const token = request.body.refreshToken ?? cookie;
        if (!token) throw new Unauthorized(customerAuthMessages.refreshInvalid);
        const pair = await auth.refresh(token, request.log);
        // The token came in the cookie: the next one goes back in it.
        return request.body.refreshToken ? pair : inCookie(reply, pair);
      },
      { rateLimit },
    );
    route(
      app,
      endpoints.forgotPassword,
      (request) => account.forgotPassword(request.body.email, auditContextOf(request)),
      { rateLimit },
    );
    route(
      app,
      endpoints.resetPassword,
      (request) => account.resetPassword(request.body.token, request.body.password, auditContextOf(request)),
      { rateLimit },
    );
    // JSON for the text fields; multipart/form-data when a picture comes with them.
    route(app, endpoints.updateMe, async (request) => {
      const customer = signedInCustomer(request);
      if (request.isMultipart()) {
        const { fields, files } = await readForm(request, endpoints.updateMe);
        const picture = files.picture
          ? await checkImage(files.picture, "any-image", "profilePicture")
          : undefined;
        await account.updateMe(customer, { ...fields, picture }, auditContextOf(request));
      } else await account.updateMe(customer, request.body, auditContextOf(request));
      return auth.me(customer);
    });
    route(app, endpoints.removePicture, async (request) => {
      const customer = signedInCustomer(request);
      await account.updateMe(customer, { picture: null }, auditContextOf(request));
      return auth.me(customer);
    });
    route(
      app,
      endpoints.changePassword,
      (request) =>
        account.changePassword(signedInCustomer(request), request.body, {
          address: request.ip,
          userAgent: request.headers["user-agent"],
          requestId: request.id,
          log: request.log,
        }),
      { rateLimit },
    );
    route(app, endpoints.signOut, (request, reply) => {
      reply.clearCookie(CUSTOMER_REFRESH_COOKIE, refreshCookieOptions());
      return auth.signOut(signedInCustomer(request));
    });
    route(app, endpoints.me, (request) => auth.me(signedInCustomer(request)));
    route(
      app,
      endpoints.eraseMe,
      (request) =>
        erase(signedInCustomer(request), request.body.password, {
          address: request.ip,
          userAgent: request.headers["user-agent"],
          requestId: request.id,
          log: request.log,
        }),
      { rateLimit },
    );
    route(app, endpoints.sessions, (request) => auth.sessions(signedInCustomer(request)));
    route(app, endpoints.endSession, (request) =>
      auth.endSession(signedInCustomer(request), request.params.id),
    );
  };
  return routes;
}
