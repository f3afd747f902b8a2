import type { ForgotPasswordBody } from "@visadesk/contract/auth";
import type { MessageAnswer } from "@visadesk/contract/common";
import { http } from "@/lib/http";
import { useAction } from "@/lib/use-action";

/** POST connect/forgot-password: the same answer whether or not the email is known. */
export async function forgotPassword(body: ForgotPasswordBody) {
  const response = await http.post<MessageAnswer>("connect/forgot-password", body, { silent: true });
  return response.data;
}

export const useForgotPassword = () => useAction(forgotPassword);
