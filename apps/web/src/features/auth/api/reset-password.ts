import { authEndpoints } from "@visadesk/contract/auth-endpoints";
import { call } from "@/lib/api-client";
import { useAction } from "@/lib/use-action";

/** POST connect/reset-password with the token from the emailed link. */
export async function resetPassword(body: { token: string; password: string }) {
  return call(authEndpoints.resetPassword, { body }, { silent: true });
}

export const useResetPassword = () => useAction(resetPassword);
