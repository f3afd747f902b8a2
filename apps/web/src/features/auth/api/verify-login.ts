import type { LoginBody } from "@visadesk/contract/auth";
import type { VerifyLoginAnswer } from "@visadesk/contract/mfa";
import { http } from "@/lib/http";
import { useAction } from "@/lib/use-action";

/**
 * POST connect/verify-login: signed in, or (with a second factor enrolled) the token of the second step.
 * The page shows the server's message itself (401 and 403 say why).
 */
export async function verifyLogin(body: LoginBody): Promise<VerifyLoginAnswer> {
  const response = await http.post<VerifyLoginAnswer>("connect/verify-login", body, { silent: true });
  return response.data;
}

export const useVerifyLogin = () => useAction(verifyLogin);
