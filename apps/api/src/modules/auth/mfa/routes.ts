import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import { loginResponseSchema } from "@visadesk/contract/auth";
import { apiErrorSchema, messageSchema } from "@visadesk/contract/common";
import {
  mfaStatusSchema,
  passkeyAddedSchema,
  passkeyIdParamsSchema,
  passkeyMfaOptionsBodySchema,
  passkeyOptionsBodySchema,
  passkeyRegisterBodySchema,
  passkeySignInBodySchema,
  passkeySignInOptionsSchema,
  reauthenticateBodySchema,
  recoveryCodesSchema,
  totpConfirmBodySchema,
  totpDisableBodySchema,
  totpEnrolmentSchema,
  verifyMfaBodySchema,
  webAuthnOptionsSchema,
} from "@visadesk/contract/mfa";
import { BACK_OFFICE_ROLES } from "@visadesk/contract/roles";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { signedInUser } from "#api/plugins/auth";
import type { SignedInAnswer } from "../sign-in";
import { BINDING_COOKIE, bindingCookieOptions } from "../tokens";
import { confirmTotp, disableTotp, startTotp } from "./authenticator-app";
import type { MfaDeps } from "./mfa-deps";
import { passkeySignIn, passkeySignInOptions } from "./passkey-sign-in";
import { addPasskey, deletePasskey, passkeyRegistrationOptions } from "./passkeys";
import { reauthenticate } from "./reauthenticate";
import { regenerateRecoveryCodes } from "./recovery-codes";
import { passkeyMfaOptions, verifySecondStep } from "./second-step";
import { mfaStatus } from "./status";

const contextOf = (request: FastifyRequest) => ({
  address: request.ip,
  userAgent: request.headers["user-agent"],
  requestId: request.id,
  log: request.log,
});

/** A completed sign-in: the binding cookie beside the answer, as verify-login sets it. */
function signedIn(reply: FastifyReply, { answer, bindingCookie }: SignedInAnswer) {
  reply.setCookie(BINDING_COOKIE, bindingCookie.value, bindingCookieOptions(bindingCookie.expiresAt));
  return answer;
}

/** The second step of sign-in and passwordless sign-in with a passkey (under /api/v2/connect). */
export function mfaConnectRoutes(mfa: MfaDeps, options: { loginRateLimit: number }) {
  const rateLimit = { max: options.loginRateLimit, timeWindow: 60_000 };
  const tags = ["connect"];
  const routes: FastifyPluginAsyncZod = async (app) => {
    app.post(
      "/verify-mfa",
      {
        config: { auth: "public", rateLimit },
        schema: {
          tags,
          summary:
            "Second step of sign-in: the mfaToken of verify-login with a TOTP code, a recovery code or a passkey's answer; answers as verify-login does",
          body: verifyMfaBodySchema,
          // 401: a wrong code or passkey (counted toward the sign-in lockout), or an expired or used mfaToken.
          response: {
            200: loginResponseSchema,
            401: apiErrorSchema,
            403: apiErrorSchema,
            429: apiErrorSchema,
          },
        },
      },
      async (request, reply) =>
        signedIn(reply, await verifySecondStep(mfa, request.body, contextOf(request))),
    );

    app.post(
      "/passkey/mfa-options",
      {
        config: { auth: "public", rateLimit },
        schema: {
          tags,
          summary:
            "Options for navigator.credentials.get to answer the second step of sign-in with a passkey",
          body: passkeyMfaOptionsBodySchema,
          response: { 200: webAuthnOptionsSchema, 401: apiErrorSchema },
        },
      },
      (request) => passkeyMfaOptions(mfa, request.body.mfaToken),
    );

    app.post(
      "/passkey/options",
      {
        config: { auth: "public", rateLimit },
        schema: {
          tags,
          summary:
            "Passwordless sign-in, first half: a challenge for any passkey of this site (user verification required)",
          response: { 200: passkeySignInOptionsSchema },
        },
      },
      () => passkeySignInOptions(mfa),
    );

    app.post(
      "/passkey/verify",
      {
        config: { auth: "public", rateLimit },
        schema: {
          tags,
          summary: "Passwordless sign-in, second half: the passkey's answer; answers as verify-login does",
          body: passkeySignInBodySchema,
          response: {
            200: loginResponseSchema,
            401: apiErrorSchema,
            403: apiErrorSchema,
            429: apiErrorSchema,
          },
        },
      },
      async (request, reply) =>
        signedIn(
          reply,
          await passkeySignIn(
            mfa,
            request.body.challengeId,
            request.body.response as unknown as AuthenticationResponseJSON,
            contextOf(request),
          ),
        ),
    );
  };
  return routes;
}

/** My own second factors (under /api/v2/account/mfa). Enrolment answers even while REQUIRE_MFA waits for it. */
export function mfaAccountRoutes(mfa: MfaDeps, options: { issuer: string }): FastifyPluginAsyncZod {
  const tags = ["account"];
  const OWN = { auth: BACK_OFFICE_ROLES } as const;
  const ENROL = { auth: BACK_OFFICE_ROLES, allowMfaEnrolment: true } as const;
  // A session alone may not change how its owner signs in: a proof of the last 5 minutes is needed.
  const FRESH = { freshProof: true } as const;
  const freshNote = " Needs a proof of the last 5 minutes (sign-in or account/reauthenticate), else 403.";
  return async (app) => {
    app.get(
      "",
      {
        config: ENROL,
        schema: {
          tags,
          summary: "My second factors: authenticator app, recovery codes left, passkeys",
          response: { 200: mfaStatusSchema },
        },
      },
      (request) => mfaStatus(mfa, signedInUser(request)),
    );

    app.post(
      "/totp",
      {
        config: { ...ENROL, ...FRESH },
        schema: {
          tags,
          summary: "Starts setting up an authenticator app: its secret and otpauth URL (off until confirmed)",
          description: freshNote,
          // 409: an authenticator app is already on.
          response: { 200: totpEnrolmentSchema, 403: apiErrorSchema, 409: apiErrorSchema },
        },
      },
      (request) => startTotp(mfa, signedInUser(request), options.issuer),
    );

    app.post(
      "/totp/confirm",
      {
        config: { ...ENROL, ...FRESH },
        schema: {
          tags,
          summary:
            "Turns the authenticator app on with a code from it; answers 10 recovery codes, shown this once",
          description: freshNote,
          body: totpConfirmBodySchema,
          // 409: no set-up waiting, or already on.
          response: { 200: recoveryCodesSchema, 403: apiErrorSchema, 409: apiErrorSchema },
        },
      },
      (request) => confirmTotp(mfa, signedInUser(request), request.body.code),
    );

    app.delete(
      "/totp",
      {
        config: OWN,
        schema: {
          tags,
          summary: "Turns the authenticator app off (password and a code or recovery code required)",
          body: totpDisableBodySchema,
          // 409: not on; 429: wrong passwords and codes count toward the sign-in lockout.
          response: { 200: messageSchema, 409: apiErrorSchema, 429: apiErrorSchema },
        },
      },
      (request) => disableTotp(mfa, signedInUser(request), request.body, contextOf(request)),
    );

    app.post(
      "/passkeys/options",
      {
        config: ENROL,
        schema: {
          tags,
          summary: "Options for navigator.credentials.create to register a passkey (password required)",
          body: passkeyOptionsBodySchema,
          response: { 200: webAuthnOptionsSchema, 429: apiErrorSchema },
        },
      },
      (request) =>
        passkeyRegistrationOptions(mfa, signedInUser(request), request.body.password, contextOf(request)),
    );

    app.post(
      "/passkeys",
      {
        config: ENROL,
        schema: {
          tags,
          summary: "Registers a passkey from the browser's answer to passkeys/options, under a name",
          body: passkeyRegisterBodySchema,
          response: { 201: passkeyAddedSchema },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(
            await addPasskey(
              mfa,
              signedInUser(request),
              request.body.name,
              request.body.response as unknown as RegistrationResponseJSON,
            ),
          ),
    );

    app.delete(
      "/passkeys/:id",
      {
        config: { ...OWN, ...FRESH },
        schema: {
          tags,
          summary: "Deletes one of my passkeys",
          description: freshNote,
          params: passkeyIdParamsSchema,
          response: { 200: messageSchema, 403: apiErrorSchema, 404: apiErrorSchema },
        },
      },
      (request) => deletePasskey(mfa, signedInUser(request), request.params.id),
    );

    app.post(
      "/recovery-codes",
      {
        config: { ...OWN, ...FRESH },
        schema: {
          tags,
          summary: "Replaces my recovery codes with 10 new ones, shown this once (the old ones stop working)",
          description: freshNote,
          // 409: no authenticator app and no passkey, so no recovery codes.
          response: { 200: recoveryCodesSchema, 403: apiErrorSchema, 409: apiErrorSchema },
        },
      },
      (request) => regenerateRecoveryCodes(mfa, signedInUser(request)),
    );
  };
}

/** POST /api/v2/account/reauthenticate: a fresh proof before changing how I sign in. */
export function reauthenticateRoute(mfa: MfaDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      "/reauthenticate",
      {
        config: { auth: BACK_OFFICE_ROLES, allowMfaEnrolment: true },
        schema: {
          tags: ["account"],
          summary:
            "Confirms it is me (my password, or an authenticator or recovery code): for 5 minutes this session may change my sign-in factors",
          body: reauthenticateBodySchema,
          // 400: wrong password or code; 429: they count toward the sign-in lockout.
          response: { 200: messageSchema, 429: apiErrorSchema },
        },
      },
      (request) => reauthenticate(mfa, signedInUser(request), request.body, contextOf(request)),
    );
  };
}
