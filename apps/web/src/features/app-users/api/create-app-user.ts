import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AppUserForm, User } from "@visadesk/contract/users";
import { http } from "@/lib/http";
import { type AppUserImageFiles, toFormData } from "./app-user-form-data";
import { appUsersQueryOptions } from "./get-app-users";

/** POST User/adduser. */
export async function createAppUser(input: { form: AppUserForm; images: AppUserImageFiles }) {
  const response = await http.post<User>("User/adduser", toFormData(input.form, input.images), {
    silent: true,
  });
  return response.data;
}

export function useCreateAppUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAppUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: appUsersQueryOptions().queryKey }),
  });
}
