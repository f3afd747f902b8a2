import { useMutation } from "@tanstack/react-query";
import { http } from "../../../lib/http";

/** POST User/users/{guidId}/unlock: an Admin ends the sign-in lock that failed attempts left on an account. */
export async function unlockSignIn(guidId: string) {
  const response = await http.post<{ message: string }>(
    `User/users/${encodeURIComponent(guidId)}/unlock`,
    undefined,
    { silent: true },
  );
  return response.data;
}

export function useUnlockSignIn() {
  return useMutation({ mutationFn: unlockSignIn });
}
