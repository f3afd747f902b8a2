import { accountEndpoints } from "@visadesk/contract/account-endpoints";
import type { FastifyPluginAsync } from "fastify";
import { readForm, route } from "#api/lib/endpoint-route";
import { signedInUser } from "#api/plugins/auth";
import { auditContextOf } from "../audit/service";
import { checkImage } from "../files/service";
import type { AccountService } from "./service";

/** One's own account (paths, access and shapes: the contract's accountEndpoints; the profile is multipart). */
export function accountRoutes(account: AccountService): FastifyPluginAsync {
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

    // No ProfilePic keeps the stored picture.
    route(app, accountEndpoints.updateProfile, async (request) => {
      const { fields, files } = await readForm(request, accountEndpoints.updateProfile);
      const picture = files.ProfilePic
        ? await checkImage(files.ProfilePic, "any-image", "profilePicture")
        : undefined;
      return account.updateProfile(signedInUser(request), fields, picture, auditContextOf(request));
    });

    route(app, accountEndpoints.sessions, (request) => account.sessions(signedInUser(request)));
    route(app, accountEndpoints.endSession, (request) =>
      account.endSession(signedInUser(request), request.params.id),
    );
    route(app, accountEndpoints.endOtherSessions, (request) =>
      account.endOtherSessions(signedInUser(request)),
    );
  };
}
