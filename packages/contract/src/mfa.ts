import { z } from "zod";
import { mfaMessages } from "./account-constants";
import { loginResponseSchema } from "./auth";
import { timestampSchema } from "./common";

export { mfaMessages } from "./account-constants";

/** How many recovery codes one enrolment gives. */
export const RECOVERY_CODE_COUNT = 10;
/** How long the step between the password and the second factor lasts. */
export const MFA_TOKEN_TTL_MINUTES = 5;
/** How long a proof (sign-in, password or code) lets the session change its own sign-in factors. */
export const REAUTHENTICATION_MINUTES = 5;

/** A WebAuthn answer of the browser (credentials.create or .get) as JSON; the server library checks it. */
const webAuthnJsonSchema = z
  .object({
    id: z.string().min(1).max(1024),
    rawId: z.string().min(1).max(1024),
    type: z.literal("public-key"),
    response: z.record(z.string(), z.unknown()),
    clientExtensionResults: z.record(z.string(), z.unknown()).optional().default({}),
    authenticatorAttachment: z.string().max(50).optional(),
  })
  .loose();
/** A browser's WebAuthn answer as sent; the browser library's own types lack the index signature. */
export type WebAuthnAnswer = z.input<typeof webAuthnJsonSchema>;

/** A TOTP code (6 digits) or a recovery code (letters and digits, dashes and spaces ignored). */
export const mfaCodeSchema = z
  .string({ error: mfaMessages.codeRequired })
  .trim()
  .min(1, mfaMessages.codeRequired)
  .max(64, mfaMessages.codeRequired);

/** POST account/mfa/totp. */
export const totpEnrolmentSchema = z.object({
  /** Base32, for typing into an app by hand. */
  secret: z.string(),
  /** otpauth:// URL, for the QR code. */
  otpauthUrl: z.string(),
});
export type TotpEnrolment = z.infer<typeof totpEnrolmentSchema>;

/** POST account/mfa/totp/confirm. */
export const totpConfirmBodySchema = z.object({
  code: z
    .string({ error: mfaMessages.codeFormat })
    .trim()
    .regex(/^\d{6}$/, mfaMessages.codeFormat),
});
export const recoveryCodesSchema = z.object({ message: z.string(), recoveryCodes: z.array(z.string()) });
export type RecoveryCodesAnswer = z.infer<typeof recoveryCodesSchema>;

/** DELETE account/mfa/totp. */
export const totpDisableBodySchema = z.object({
  password: z.string({ error: mfaMessages.passwordWrong }).min(1, mfaMessages.passwordWrong).max(1024),
  code: mfaCodeSchema,
});
export type TotpDisableBody = z.infer<typeof totpDisableBodySchema>;

/** POST account/reauthenticate: the password, or a code (authenticator app or recovery code). */
export const reauthenticateBodySchema = z
  .object({
    password: z.string().min(1).max(1024).optional(),
    code: mfaCodeSchema.optional(),
  })
  .refine((body) => Boolean(body.password) !== Boolean(body.code), {
    message: mfaMessages.reauthenticationBody,
    path: ["password"],
  });
export type ReauthenticateBody = z.infer<typeof reauthenticateBodySchema>;

export const passkeySchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: timestampSchema,
  lastUsedAt: timestampSchema.nullable(),
});
export type Passkey = z.infer<typeof passkeySchema>;

/** GET account/mfa: what protects my sign-in. */
export const mfaStatusSchema = z.object({
  totpEnabled: z.boolean(),
  recoveryCodesLeft: z.number().int(),
  passkeys: z.array(passkeySchema),
  /** REQUIRE_MFA is on and I have no factor yet: nothing but enrolment works. */
  enrolmentRequired: z.boolean(),
});
export type MfaStatus = z.infer<typeof mfaStatusSchema>;

/** POST account/mfa/passkeys/options: the password again, since a passkey alone signs in. */
export const passkeyOptionsBodySchema = z.object({
  password: z.string({ error: mfaMessages.passwordWrong }).min(1, mfaMessages.passwordWrong).max(1024),
});
/** The options for navigator.credentials (the browser library's input), as JSON. */
export const webAuthnOptionsSchema = z.record(z.string(), z.unknown());

/** POST account/mfa/passkeys. */
export const passkeyRegisterBodySchema = z.object({
  name: z
    .string({ error: mfaMessages.passkeyNameRequired })
    .trim()
    .min(1, mfaMessages.passkeyNameRequired)
    .max(60),
  response: webAuthnJsonSchema,
});
export const passkeyAddedSchema = z.object({
  message: z.string(),
  passkey: passkeySchema,
  /** With the account's first factor only: 10 recovery codes, shown this once. */
  recoveryCodes: z.array(z.string()).optional(),
});
export type PasskeyAdded = z.infer<typeof passkeyAddedSchema>;
export const passkeyIdParamsSchema = z.object({ id: z.string().trim().min(1).max(1024) });

/** verify-login when a second factor is enrolled: no token yet, only the step's own short-lived token. */
export const mfaRequiredSchema = z.object({
  mfaRequired: z.literal(true),
  mfaToken: z.string(),
  /** Which factors the account has, so the page offers only those. */
  methods: z.array(z.enum(["totp", "passkey", "recovery"])),
});
export type MfaRequired = z.infer<typeof mfaRequiredSchema>;
/** POST connect/verify-login: signed in, or the second step is needed. */
export const verifyLoginAnswerSchema = z.union([loginResponseSchema, mfaRequiredSchema]);
export type VerifyLoginAnswer = z.infer<typeof verifyLoginAnswerSchema>;

/** POST connect/verify-mfa: a code, or a passkey's answer to connect/passkey/mfa-options. */
export const verifyMfaBodySchema = z
  .object({
    mfaToken: z.string().min(1).max(200),
    code: mfaCodeSchema.optional(),
    passkey: webAuthnJsonSchema.optional(),
  })
  .refine((body) => Boolean(body.code) !== Boolean(body.passkey), {
    message: mfaMessages.codeRequired,
    path: ["code"],
  });
export type VerifyMfaBody = z.infer<typeof verifyMfaBodySchema>;

/** POST connect/passkey/mfa-options. */
export const passkeyMfaOptionsBodySchema = z.object({ mfaToken: z.string().min(1).max(200) });

/** POST connect/passkey/options: passwordless sign-in; the challenge's id comes back with the answer. */
export const passkeySignInOptionsSchema = z.object({
  challengeId: z.string(),
  options: webAuthnOptionsSchema,
});
/** POST connect/passkey/verify. */
export const passkeySignInBodySchema = z.object({
  challengeId: z.string().min(1).max(200),
  response: webAuthnJsonSchema,
});
