import { registerFieldsSchema } from "@visadesk/contract/auth";
import { authEndpoints } from "@visadesk/contract/auth-endpoints";
import { MAX_PUBLIC_IMAGE_BYTES } from "@visadesk/contract/common-constants";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { route } from "#api/lib/endpoint-route";
import { parseOrThrow } from "#api/lib/errors";
import { signedInUser } from "#api/plugins/auth";
import { readMultipart } from "#api/plugins/uploads";
import { auditContextOf } from "../audit/service";
import { checkImage } from "../files/service";
import type { AuthService } from "./service";
import { BINDING_COOKIE, bindingCookieOptions } from "./tokens";

export function authRoutes(
  auth: AuthService,
  options: { linkOrigin: string; loginRateLimit: number; registerRateLimit: number },
) {
  // Sign-in and password recovery are rate limited per address (counters shared through the database).
  const rateLimit = { max: options.loginRateLimit, timeWindow: 60_000 };
  // Registering decodes a picture for anyone who asks; a person registers once, so the budget is smaller.
  const registerRateLimit = { max: options.registerRateLimit, timeWindow: 10 * 60_000 };

  const routes: FastifyPluginAsyncZod = async (app) => {
    route(
      app,
      authEndpoints.verifyLogin,
      async (request, reply) => {
        const { answer, bindingCookie } = await auth.login(request.body, {
          address: request.ip,
          userAgent: request.headers["user-agent"],
          requestId: request.id,
          log: request.log,
        });
        // The second step (mfaRequired) gets no cookie: it opens no session.
        if (bindingCookie) {
          reply.setCookie(BINDING_COOKIE, bindingCookie.value, bindingCookieOptions(bindingCookie.expiresAt));
        }
        return answer;
      },
      { rateLimit },
    );

    route(
      app,
      authEndpoints.register,
      async (request) => {
        // Anyone may send this form: a smaller picture than a signed-in user may upload (readForm's limit is
        // the signed-in one), so it is read with that limit; the text fields are the declared form's.
        const form = await readMultipart(request, { maxFileBytes: MAX_PUBLIC_IMAGE_BYTES });
        const fields = parseOrThrow(registerFieldsSchema, form.fields);
        const picture = form.files.ProfilePic
          ? await checkImage(form.files.ProfilePic, "any-image", "profilePicture")
          : undefined;
        return auth.register(fields, picture, auditContextOf(request));
      },
      { rateLimit: registerRateLimit },
    );
    route(
      app,
      authEndpoints.logout,
      async (request, reply) => {
        await auth.logout(signedInUser(request), auditContextOf(request));
        reply.clearCookie(BINDING_COOKIE, bindingCookieOptions());
        return { message: "Signed out" };
      },
      { allowTemporaryPassword: true, allowMfaEnrolment: true },
    );
    route(
      app,
      authEndpoints.forgotPassword,
      (request) => auth.forgotPassword(request.body.email, options.linkOrigin, auditContextOf(request)),
      { rateLimit },
    );
    route(
      app,
      authEndpoints.resetPassword,
      (request) => auth.resetPassword(request.body.token, request.body.password, auditContextOf(request)),
      { rateLimit },
    );
  };
  return routes;
}
