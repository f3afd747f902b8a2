import { useMutation, useQueryClient } from "@tanstack/react-query";
import { appUserEndpoints } from "@visadesk/contract/app-users-endpoints";
import { call } from "@/lib/api-client";
import { appUsersQueryOptions } from "./get-app-users";

/** POST User/users/{id}/restore (Admin only); 409 names a username, email or CNIC taken meanwhile. */
export const restoreAppUser = (guidId: string) =>
  call(appUserEndpoints.restore, { params: { id: guidId } }, { silent: true });

export function useRestoreAppUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreAppUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: appUsersQueryOptions().queryKey }),
  });
}
