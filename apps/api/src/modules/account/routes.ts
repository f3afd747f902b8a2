import { myAccountSchema, profileFieldsSchema } from "@visadesk/contract/account";
import { accountEndpoints } from "@visadesk/contract/account-endpoints";
import { BACK_OFFICE_ROLES } from "@visadesk/contract/roles";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { route } from "#api/lib/endpoint-route";
import { parseOrThrow } from "#api/lib/errors";
import { signedInUser } from "#api/plugins/auth";
import { readMultipart } from "#api/plugins/uploads";
import { auditContextOf } from "../audit/service";
import { checkImage } from "../files/service";
import type { AccountService } from "./service";

/** One's own account (paths, access and shapes: the contract's accountEndpoints; the profile is multipart). */
export function accountRoutes(account: AccountService): FastifyPluginAsyncZod {
  return async (app) => {
    // Readable with a one-time password, so the page can say that a new one must be chosen.
    route(app, accountEndpoints.me, (request) => account.me(signedInUser(request)), {
      allowTemporaryPassword: true,
      allowMfaEnrolment: true,
    });
    // The one-time password goes first: with REQUIRE_MFA, enrolment waits until it is replaced.
    route(
      app,
      accountEndpoints.changePassword,
      (request) =>
        account.changePassword(signedInUser(request), request.body, {
          address: request.ip,
          requestId: request.id,
          log: request.log,
        }),
      { allowTemporaryPassword: true, allowMfaEnrolment: true },
    );

    app.put(
      "/api/v2/account/profile",
      {
        config: { auth: BACK_OFFICE_ROLES },
        schema: {
          tags: ["account"],
          summary: "Changes my first name, last name, phone and picture (multipart; no ProfilePic keeps it)",
          consumes: ["multipart/form-data"],
          response: { 200: z.object({ message: z.string(), account: myAccountSchema }) },
        },
      },
      async (request) => {
        const form = await readMultipart(request);
        const fields = parseOrThrow(profileFieldsSchema, form.fields);
        const picture = form.files.ProfilePic
          ? await checkImage(form.files.ProfilePic, "any-image", "profilePicture")
          : undefined;
        return account.updateProfile(signedInUser(request), fields, picture, auditContextOf(request));
      },
    );

    route(app, accountEndpoints.sessions, (request) => account.sessions(signedInUser(request)));
    route(app, accountEndpoints.endSession, (request) =>
      account.endSession(signedInUser(request), request.params.id),
    );
    route(app, accountEndpoints.endOtherSessions, (request) =>
      account.endOtherSessions(signedInUser(request)),
    );
  };
}
