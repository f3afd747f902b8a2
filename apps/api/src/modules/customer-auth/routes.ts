import { customerAuthEndpoints as endpoints } from "@visadesk/contract/customer-auth-endpoints";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { route } from "#api/lib/endpoint-route";
import { auditContextOf } from "../audit/service";
import type { CustomerAccountService } from "./account";
import { signedInCustomer } from "./plugin";
import type { CustomerAuthService } from "./service";

/** Sign-up, the email code, sign-in per device with rotating refresh tokens, and the devices. */
export function customerAuthRoutes(
  auth: CustomerAuthService,
  account: CustomerAccountService,
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
      (request) =>
        auth.signIn(request.body, {
          address: request.ip,
          userAgent: request.headers["user-agent"],
          requestId: request.id,
          log: request.log,
        }),
      { rateLimit },
    );
    route(app, endpoints.refresh, (request) => auth.refresh(request.body.refreshToken, request.log), {
      rateLimit,
    });
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
    route(app, endpoints.updateMe, async (request) => {
      const customer = signedInCustomer(request);
      await account.updateMe(customer, request.body, auditContextOf(request));
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
    route(app, endpoints.signOut, (request) => auth.signOut(signedInCustomer(request)));
    route(app, endpoints.me, (request) => auth.me(signedInCustomer(request)));
    route(app, endpoints.sessions, (request) => auth.sessions(signedInCustomer(request)));
    route(app, endpoints.endSession, (request) =>
      auth.endSession(signedInCustomer(request), request.params.id),
    );
  };
  return routes;
}
