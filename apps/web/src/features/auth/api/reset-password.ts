import type { ResetPasswordResponse } from "@visadesk/contract/auth";
import { http } from "@/lib/http";
import { useAction } from "@/lib/use-action";

/** POST connect/reset-password with the token from the emailed link. */
export async function resetPassword(body: { token: string; password: string }) {
  const response = await http.post<ResetPasswordResponse>("connect/reset-password", body, { silent: true });
  return response.data;
}

export const useResetPassword = () => useAction(resetPassword);
