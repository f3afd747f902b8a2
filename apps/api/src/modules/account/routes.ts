import {
  changePasswordBodySchema,
  myAccountSchema,
  mySessionSchema,
  profileFieldsSchema,
  sessionIdParamsSchema,
} from "@visadesk/contract/account";
import { apiErrorSchema, messageSchema } from "@visadesk/contract/common";
import { BACK_OFFICE_ROLES } from "@visadesk/contract/roles";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { parseOrThrow } from "#api/lib/errors";
import { signedInUser } from "#api/plugins/auth";
import { readMultipart } from "#api/plugins/uploads";
import { auditContextOf } from "../audit/service";
import { checkImage } from "../files/service";
import type { AccountService } from "./service";

const tags = ["account"];
/** Every signed-in back-office person, on their own account only. */
const OWN = { auth: BACK_OFFICE_ROLES } as const;

export function accountRoutes(account: AccountService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "",
      {
        // Readable with a one-time password, so the page can say that a new one must be chosen.
        config: { ...OWN, allowTemporaryPassword: true, allowMfaEnrolment: true },
        schema: { tags, summary: "My own profile", response: { 200: myAccountSchema } },
      },
      (request) => account.me(signedInUser(request)),
    );

    app.post(
      "/change-password",
      {
        // The one-time password goes first: with REQUIRE_MFA, enrolment waits until it is replaced.
        config: { ...OWN, allowTemporaryPassword: true, allowMfaEnrolment: true },
        schema: {
          tags,
          summary: "Changes my password (the current one is required); my other sessions end",
          body: changePasswordBodySchema,
          // 429: wrong current passwords count toward the sign-in lockout.
          response: { 200: messageSchema, 429: apiErrorSchema },
        },
      },
      (request) =>
        account.changePassword(signedInUser(request), request.body, {
          address: request.ip,
          requestId: request.id,
          log: request.log,
        }),
    );

    app.put(
      "/profile",
      {
        config: OWN,
        schema: {
          tags,
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

    app.get(
      "/sessions",
      {
        config: OWN,
        schema: { tags, summary: "My signed-in sessions", response: { 200: z.array(mySessionSchema) } },
      },
      (request) => account.sessions(signedInUser(request)),
    );

    app.delete(
      "/sessions/:id",
      {
        config: OWN,
        schema: {
          tags,
          summary: "Signs one of my sessions out",
          params: sessionIdParamsSchema,
          response: { 200: messageSchema },
        },
      },
      (request) => account.endSession(signedInUser(request), request.params.id),
    );

    app.post(
      "/sessions/end-others",
      {
        config: OWN,
        schema: {
          tags,
          summary: "Signs out every session of mine but this one",
          response: { 200: messageSchema },
        },
      },
      (request) => account.endOtherSessions(signedInUser(request)),
    );
  };
}
