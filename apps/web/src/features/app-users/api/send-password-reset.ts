import { useMutation } from "@tanstack/react-query";
import { http } from "@/lib/http";

/** POST User/users/{id}/send-password-reset: mails the app user a link to choose a new password. */
export async function sendPasswordReset(guidId: string) {
  const response = await http.post<{ message: string }>(
    `User/users/${encodeURIComponent(guidId)}/send-password-reset`,
    undefined,
    { silent: true },
  );
  return response.data;
}

export function useSendPasswordReset() {
  return useMutation({ mutationFn: sendPasswordReset });
}
