import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { MessageAnswer } from "@visadesk/contract/common";
import { http } from "@/lib/http";
import { appUsersQueryOptions } from "./get-app-users";

/** DELETE User/users/{id}; the list is reloaded after. */
export async function deleteAppUser(guidId: string) {
  const response = await http.delete<MessageAnswer>(`User/users/${encodeURIComponent(guidId)}`, {
    silent: true,
  });
  return response.data;
}

export function useDeleteAppUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAppUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: appUsersQueryOptions().queryKey }),
  });
}
