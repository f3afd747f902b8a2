import { startAuthentication } from "@simplewebauthn/browser";
import { useMutation } from "@tanstack/react-query";
import type { LoginResponse } from "@visadesk/contract/auth";
import { http } from "../../../lib/http";

/** POST connect/verify-mfa with a TOTP or recovery code. */
async function verifyMfaCode({ mfaToken, code }: { mfaToken: string; code: string }) {
  return (await http.post<LoginResponse>("connect/verify-mfa", { mfaToken, code }, { silent: true })).data;
}

/** The second step with a passkey: options for this sign-in's passkeys, the browser's ceremony, then verify-mfa. */
async function verifyMfaPasskey(mfaToken: string) {
  const options = (await http.post("connect/passkey/mfa-options", { mfaToken }, { silent: true })).data;
  const passkey = await startAuthentication({ optionsJSON: options });
  return (await http.post<LoginResponse>("connect/verify-mfa", { mfaToken, passkey }, { silent: true })).data;
}

/** Passwordless: a challenge for any passkey of this site, the browser's ceremony, then passkey/verify. */
async function signInWithPasskey() {
  const { challengeId, options } = (
    await http.post<{
      challengeId: string;
      options: Parameters<typeof startAuthentication>[0]["optionsJSON"];
    }>("connect/passkey/options", undefined, { silent: true })
  ).data;
  const response = await startAuthentication({ optionsJSON: options });
  return (
    await http.post<LoginResponse>("connect/passkey/verify", { challengeId, response }, { silent: true })
  ).data;
}

export const useVerifyMfaCode = () => useMutation({ mutationFn: verifyMfaCode });
export const useVerifyMfaPasskey = () => useMutation({ mutationFn: verifyMfaPasskey });
export const usePasskeySignIn = () => useMutation({ mutationFn: signInWithPasskey });
