import { mfaMessages } from "./account-constants";
import { loginResponseSchema } from "./auth";
import { BINDING_COOKIE } from "./auth-constants";
import { apiErrorSchema, messageSchema } from "./common";
import { endpoint } from "./endpoint";
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
} from "./mfa";
import { BACK_OFFICE_ROLES } from "./roles";

const connect = ["connect"];
const account = ["account"];
/** Every signed-in back-office person, on their own factors only. */
const auth = BACK_OFFICE_ROLES;
/** A session alone may not change how its owner signs in: the server's freshProof routes say so. */
const fresh =
  "Needs a proof of the last 5 minutes (sign-in or account/reauthenticate), else 403 with the message " +
  "that asks for one.";
/** What verify-login answers on success, and the refusals a completed sign-in shares with it. */
const signedIn =
  "On success the bearer token, with the token_binding cookie set, as verify-login answers. 403: the account " +
  "may not sign in (pending, rejected, an app user); 429: the account or address is locked after failed " +
  "attempts.";

/** The cookie a completed sign-in sets beside its token. */
const signInCookie = {
  "Set-Cookie": `${BINDING_COOKIE}: the HttpOnly cookie the token is bound to`,
} as const;

/** The second step of sign-in, and passwordless sign-in with a passkey (under /api/v2/connect). */
const secondStep = {
  verifyMfa: endpoint({
    method: "POST",
    path: "/api/v2/connect/verify-mfa",
    auth: "public",
    tags: connect,
    summary:
      "Second step of sign-in: the mfaToken of verify-login with a TOTP code, a recovery code or a passkey's answer; answers as verify-login does",
    description:
      `Exactly one of code and passkey (400 otherwise). 401: a wrong code or passkey (counted toward the ` +
      `sign-in lockout), or an expired or used mfaToken. ${signedIn}`,
    body: verifyMfaBodySchema,
    answerHeaders: signInCookie,
    responses: {
      200: loginResponseSchema,
      400: apiErrorSchema,
      401: apiErrorSchema,
      403: apiErrorSchema,
      429: apiErrorSchema,
    },
  }),
  passkeyMfaOptions: endpoint({
    method: "POST",
    path: "/api/v2/connect/passkey/mfa-options",
    auth: "public",
    tags: connect,
    summary: "Options for navigator.credentials.get to answer the second step of sign-in with a passkey",
    description:
      "The challenge is kept with the mfaToken's step, for verify-mfa's passkey answer. 401: the mfaToken " +
      "is unknown, expired or used.",
    body: passkeyMfaOptionsBodySchema,
    responses: { 200: webAuthnOptionsSchema, 400: apiErrorSchema, 401: apiErrorSchema },
  }),
  passkeySignInOptions: endpoint({
    method: "POST",
    path: "/api/v2/connect/passkey/options",
    auth: "public",
    tags: connect,
    summary:
      "Passwordless sign-in, first half: a challenge for any passkey of this site (user verification required)",
    description: "The challengeId goes back with the passkey's answer to passkey/verify, within 5 minutes.",
    responses: { 200: passkeySignInOptionsSchema },
  }),
  passkeySignIn: endpoint({
    method: "POST",
    path: "/api/v2/connect/passkey/verify",
    auth: "public",
    tags: connect,
    summary: "Passwordless sign-in, second half: the passkey's answer; answers as verify-login does",
    description: `401: the challenge expired or was used, or the passkey's answer is not one of ours. ${signedIn}`,
    body: passkeySignInBodySchema,
    answerHeaders: signInCookie,
    responses: {
      200: loginResponseSchema,
      400: apiErrorSchema,
      401: apiErrorSchema,
      403: apiErrorSchema,
      429: apiErrorSchema,
    },
  }),
};

/** My authenticator app (under /api/v2/account/mfa). */
const authenticatorApp = {
  startTotp: endpoint({
    method: "POST",
    path: "/api/v2/account/mfa/totp",
    refusals: { 409: [mfaMessages.totpAlreadyEnabled] },
    auth,
    tags: account,
    summary: "Starts setting up an authenticator app: its secret and otpauth URL (off until confirmed)",
    description: `${fresh} 409: an authenticator app is already on.`,
    responses: { 200: totpEnrolmentSchema, 403: apiErrorSchema, 409: apiErrorSchema },
  }),
  confirmTotp: endpoint({
    method: "POST",
    path: "/api/v2/account/mfa/totp/confirm",
    refusals: { 409: [mfaMessages.totpNotStarted, mfaMessages.totpAlreadyEnabled] },
    auth,
    tags: account,
    summary: "Turns the authenticator app on with a code from it; answers 10 recovery codes, shown this once",
    description: `${fresh} 400: not 6 digits, or not the app's current code. 409: no set-up waiting, or already on.`,
    body: totpConfirmBodySchema,
    responses: { 200: recoveryCodesSchema, 400: apiErrorSchema, 403: apiErrorSchema, 409: apiErrorSchema },
  }),
  disableTotp: endpoint({
    method: "DELETE",
    path: "/api/v2/account/mfa/totp",
    refusals: { 409: [mfaMessages.totpNotEnabled] },
    auth,
    tags: account,
    summary: "Turns the authenticator app off (password and a code or recovery code required)",
    description:
      "400: a wrong password or code (each counts toward the sign-in lockout, hence 429). 409: the app is not on.",
    body: totpDisableBodySchema,
    responses: { 200: messageSchema, 400: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema },
  }),
};

/** My passkeys (under /api/v2/account/mfa). */
const passkeys = {
  passkeyOptions: endpoint({
    method: "POST",
    path: "/api/v2/account/mfa/passkeys/options",
    auth,
    tags: account,
    summary: "Options for navigator.credentials.create to register a passkey (password required)",
    description:
      "400: a wrong password (it counts toward the sign-in lockout, hence 429). The right one also counts as " +
      "a fresh proof.",
    body: passkeyOptionsBodySchema,
    responses: { 200: webAuthnOptionsSchema, 400: apiErrorSchema, 429: apiErrorSchema },
  }),
  addPasskey: endpoint({
    method: "POST",
    path: "/api/v2/account/mfa/passkeys",
    auth,
    tags: account,
    summary: "Registers a passkey from the browser's answer to passkeys/options, under a name",
    description:
      "400: no name, or the browser's answer does not match the options' challenge. With the account's " +
      "first factor, the answer carries 10 recovery codes, shown this once.",
    body: passkeyRegisterBodySchema,
    responses: { 201: passkeyAddedSchema, 400: apiErrorSchema },
  }),
  deletePasskey: endpoint({
    method: "DELETE",
    path: "/api/v2/account/mfa/passkeys/{id}",
    auth,
    tags: account,
    summary: "Deletes one of my passkeys",
    description: `${fresh} 404: no passkey of mine has this id.`,
    params: passkeyIdParamsSchema,
    responses: { 200: messageSchema, 403: apiErrorSchema, 404: apiErrorSchema },
  }),
};

/** My factors at a glance, my recovery codes, and the proof that lets a session change them. */
const factors = {
  status: endpoint({
    method: "GET",
    path: "/api/v2/account/mfa",
    auth,
    tags: account,
    summary: "My second factors: authenticator app, recovery codes left, passkeys",
    description:
      "Never a secret: whether the authenticator app is on, how many recovery codes are unused, and each " +
      "passkey's name and dates; enrolmentRequired when the server requires a second factor and I have none " +
      "yet (then only enrolment and signing out answer).",
    responses: { 200: mfaStatusSchema },
  }),
  newRecoveryCodes: endpoint({
    method: "POST",
    path: "/api/v2/account/mfa/recovery-codes",
    refusals: { 409: [mfaMessages.recoveryCodesNeedFactor] },
    auth,
    tags: account,
    summary: "Replaces my recovery codes with 10 new ones, shown this once (the old ones stop working)",
    description: `${fresh} 409: no authenticator app and no passkey, so no recovery codes.`,
    responses: { 200: recoveryCodesSchema, 403: apiErrorSchema, 409: apiErrorSchema },
  }),
  reauthenticate: endpoint({
    method: "POST",
    path: "/api/v2/account/reauthenticate",
    auth,
    tags: account,
    summary:
      "Confirms it is me (my password, or an authenticator or recovery code): for 5 minutes this session may change my sign-in factors",
    description:
      "Exactly one of password and code. 400: a wrong password or code (each counts toward the sign-in " +
      "lockout, hence 429).",
    body: reauthenticateBodySchema,
    responses: { 200: messageSchema, 400: apiErrorSchema, 429: apiErrorSchema },
  }),
};

/** Two-factor sign-in: the second step, and my own authenticator app, passkeys and recovery codes. */
export const mfaEndpoints = { ...secondStep, ...factors, ...authenticatorApp, ...passkeys };
