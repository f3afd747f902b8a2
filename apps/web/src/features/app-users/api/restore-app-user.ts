import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { UserRestored } from "@visadesk/contract/users";
import { http } from "@/lib/http";
import { appUsersQueryOptions } from "./get-app-users";

/** POST User/users/{id}/restore (Admin only); 409 names a username, email or CNIC taken meanwhile. */
export async function restoreAppUser(guidId: string) {
  const response = await http.post<UserRestored>(
    `User/users/${encodeURIComponent(guidId)}/restore`,
    undefined,
    {
      silent: true,
    },
  );
  return response.data;
}

export function useRestoreAppUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreAppUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: appUsersQueryOptions().queryKey }),
  });
}
