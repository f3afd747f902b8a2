import type { PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/browser";
import type { LoginResponse } from "@visadesk/contract/auth";
import { http } from "@/lib/http";
import { useAction } from "@/lib/use-action";

/** Whether this browser can use passkeys at all (the library itself loads only when one is used). */
export const browserHasPasskeys = () =>
  typeof window !== "undefined" && typeof window.PublicKeyCredential === "function";

/** The browser's passkey ceremony; loaded on first use, so /login stays as light as before for everyone else. */
async function startAuthentication(optionsJSON: PublicKeyCredentialRequestOptionsJSON) {
  const browser = await import("@simplewebauthn/browser");
  return browser.startAuthentication({ optionsJSON });
}

/** POST connect/verify-mfa with a TOTP or recovery code. */
async function verifyMfaCode({ mfaToken, code }: { mfaToken: string; code: string }) {
  return (await http.post<LoginResponse>("connect/verify-mfa", { mfaToken, code }, { silent: true })).data;
}

/** The second step with a passkey: options for this sign-in's passkeys, the browser's ceremony, then verify-mfa. */
async function verifyMfaPasskey(mfaToken: string) {
  const options = (
    await http.post<PublicKeyCredentialRequestOptionsJSON>(
      "connect/passkey/mfa-options",
      { mfaToken },
      { silent: true },
    )
  ).data;
  const passkey = await startAuthentication(options);
  return (await http.post<LoginResponse>("connect/verify-mfa", { mfaToken, passkey }, { silent: true })).data;
}

/** Passwordless: a challenge for any passkey of this site, the browser's ceremony, then passkey/verify. */
async function signInWithPasskey() {
  const { challengeId, options } = (
    await http.post<{
      challengeId: string;
      options: PublicKeyCredentialRequestOptionsJSON;
    }>("connect/passkey/options", undefined, { silent: true })
  ).data;
  const response = await startAuthentication(options);
  return (
    await http.post<LoginResponse>("connect/passkey/verify", { challengeId, response }, { silent: true })
  ).data;
}

export const useVerifyMfaCode = () => useAction(verifyMfaCode);
export const useVerifyMfaPasskey = () => useAction(verifyMfaPasskey);
export const usePasskeySignIn = () => useAction(signInWithPasskey);
