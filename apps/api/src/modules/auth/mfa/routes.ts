import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import { mfaEndpoints } from "@visadesk/contract/mfa-endpoints";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { route } from "#api/lib/endpoint-route";
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

/**
 * The second step of sign-in and passwordless sign-in with a passkey (paths, access and shapes: the
 * contract's mfaEndpoints). Rate limited per address like verify-login.
 */
export function mfaConnectRoutes(mfa: MfaDeps, options: { loginRateLimit: number }): FastifyPluginAsync {
  const rateLimit = { max: options.loginRateLimit, timeWindow: 60_000 };
  return async (app) => {
    route(
      app,
      mfaEndpoints.verifyMfa,
      async (request, reply) =>
        signedIn(reply, await verifySecondStep(mfa, request.body, contextOf(request))),
      { rateLimit },
    );
    route(app, mfaEndpoints.passkeyMfaOptions, (request) => passkeyMfaOptions(mfa, request.body.mfaToken), {
      rateLimit,
    });
    route(app, mfaEndpoints.passkeySignInOptions, () => passkeySignInOptions(mfa), { rateLimit });
    route(
      app,
      mfaEndpoints.passkeySignIn,
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
      { rateLimit },
    );
  };
}

/** Enrolment answers even while REQUIRE_MFA waits for it. */
const ENROL = { allowMfaEnrolment: true } as const;
/** A session alone may not change how its owner signs in: a proof of the last 5 minutes is needed. */
const FRESH = { freshProof: true } as const;

/** My own second factors: the authenticator app, passkeys and recovery codes. */
export function mfaAccountRoutes(mfa: MfaDeps, options: { issuer: string }): FastifyPluginAsync {
  return async (app) => {
    route(app, mfaEndpoints.status, (request) => mfaStatus(mfa, signedInUser(request)), ENROL);

    // The authenticator app.
    route(app, mfaEndpoints.startTotp, (request) => startTotp(mfa, signedInUser(request), options.issuer), {
      ...ENROL,
      ...FRESH,
    });
    route(
      app,
      mfaEndpoints.confirmTotp,
      (request) => confirmTotp(mfa, signedInUser(request), request.body.code),
      { ...ENROL, ...FRESH },
    );
    route(app, mfaEndpoints.disableTotp, (request) =>
      disableTotp(mfa, signedInUser(request), request.body, contextOf(request)),
    );

    // Passkeys: the password is asked again instead of a fresh proof, since a passkey alone signs in.
    route(
      app,
      mfaEndpoints.passkeyOptions,
      (request) =>
        passkeyRegistrationOptions(mfa, signedInUser(request), request.body.password, contextOf(request)),
      ENROL,
    );
    route(
      app,
      mfaEndpoints.addPasskey,
      (request) =>
        addPasskey(
          mfa,
          signedInUser(request),
          request.body.name,
          request.body.response as unknown as RegistrationResponseJSON,
        ),
      ENROL,
    );
    route(
      app,
      mfaEndpoints.deletePasskey,
      (request) => deletePasskey(mfa, signedInUser(request), request.params.id),
      FRESH,
    );

    route(
      app,
      mfaEndpoints.newRecoveryCodes,
      (request) => regenerateRecoveryCodes(mfa, signedInUser(request)),
      FRESH,
    );
  };
}

/** A fresh proof before changing how I sign in. */
export function reauthenticateRoute(mfa: MfaDeps): FastifyPluginAsync {
  return async (app) => {
    route(
      app,
      mfaEndpoints.reauthenticate,
      (request) => reauthenticate(mfa, signedInUser(request), request.body, contextOf(request)),
      ENROL,
    );
  };
}
