import type { ForgotPasswordBody } from "@visadesk/contract/auth";
import { authEndpoints } from "@visadesk/contract/auth-endpoints";
import { call } from "@/lib/api-client";
import { useAction } from "@/lib/use-action";

/** POST connect/forgot-password: the same answer whether or not the email is known. */
export async function forgotPassword(body: ForgotPasswordBody) {
  return call(authEndpoints.forgotPassword, { body }, { silent: true });
}

export const useForgotPassword = () => useAction(forgotPassword);
