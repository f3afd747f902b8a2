import type { PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/browser";
import type { WebAuthnAnswer } from "@visadesk/contract/mfa";
import { mfaEndpoints } from "@visadesk/contract/mfa-endpoints";
import { call } from "@/lib/api-client";
import { useAction } from "@/lib/use-action";

/** Whether this browser can use passkeys at all (the library itself loads only when one is used). */
export const browserHasPasskeys = () =>
  typeof window !== "undefined" && typeof window.PublicKeyCredential === "function";

/**
 * The browser's passkey ceremony; loaded on first use, so /login stays as light as before for everyone else.
 * The contract types options and answers as any JSON: they are what the browser library takes and gives.
 */
async function startAuthentication(options: Record<string, unknown>): Promise<WebAuthnAnswer> {
  const browser = await import("@simplewebauthn/browser");
  const optionsJSON = options as unknown as PublicKeyCredentialRequestOptionsJSON;
  return (await browser.startAuthentication({ optionsJSON })) as unknown as WebAuthnAnswer;
}

/** POST connect/verify-mfa with a TOTP or recovery code. */
async function verifyMfaCode({ mfaToken, code }: { mfaToken: string; code: string }) {
  return call(mfaEndpoints.verifyMfa, { body: { mfaToken, code } }, { silent: true });
}

/** The second step with a passkey: options for this sign-in's passkeys, the browser's ceremony, then verify-mfa. */
async function verifyMfaPasskey(mfaToken: string) {
  const options = await call(mfaEndpoints.passkeyMfaOptions, { body: { mfaToken } }, { silent: true });
  const passkey = await startAuthentication(options);
  return call(mfaEndpoints.verifyMfa, { body: { mfaToken, passkey } }, { silent: true });
}

/** Passwordless: a challenge for any passkey of this site, the browser's ceremony, then passkey/verify. */
async function signInWithPasskey() {
  const { challengeId, options } = await call(mfaEndpoints.passkeySignInOptions, {}, { silent: true });
  const response = await startAuthentication(options);
  return call(mfaEndpoints.passkeySignIn, { body: { challengeId, response } }, { silent: true });
}

export const useVerifyMfaCode = () => useAction(verifyMfaCode);
export const useVerifyMfaPasskey = () => useAction(verifyMfaPasskey);
export const usePasskeySignIn = () => useAction(signInWithPasskey);
