import { useMutation } from "@tanstack/react-query";
import { messageSchema } from "@visadesk/contract/common";
import { http } from "../../../lib/http";

/** POST connect/reset-password with the token from the emailed link. */
export async function resetPassword(body: { token: string; password: string }) {
  const response = await http.post("connect/reset-password", body, { silent: true });
  return messageSchema.parse(response.data);
}

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
