import { useMutation } from "@tanstack/react-query";
import { appUserEndpoints } from "@visadesk/contract/app-users-endpoints";
import { call } from "@/lib/api-client";

/** POST User/users/{id}/send-password-reset: mails the app user a link to choose a new password. */
export const sendPasswordReset = (guidId: string) =>
  call(appUserEndpoints.sendPasswordReset, { params: { id: guidId } }, { silent: true });

export function useSendPasswordReset() {
  return useMutation({ mutationFn: sendPasswordReset });
}
