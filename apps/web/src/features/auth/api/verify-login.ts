import type { LoginBody } from "@visadesk/contract/auth";
import { authEndpoints } from "@visadesk/contract/auth-endpoints";
import type { VerifyLoginAnswer } from "@visadesk/contract/mfa";
import { call } from "@/lib/api-client";
import { useAction } from "@/lib/use-action";

/**
 * POST connect/verify-login: signed in, or (with a second factor enrolled) the token of the second step.
 * The page shows the server's message itself (401 and 403 say why).
 */
export async function verifyLogin(body: LoginBody): Promise<VerifyLoginAnswer> {
  return call(authEndpoints.verifyLogin, { body }, { silent: true });
}

export const useVerifyLogin = () => useAction(verifyLogin);
