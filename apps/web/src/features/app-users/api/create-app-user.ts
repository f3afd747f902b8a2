import { useMutation, useQueryClient } from "@tanstack/react-query";
import { appUserEndpoints } from "@visadesk/contract/app-users-endpoints";
import type { AppUserForm } from "@visadesk/contract/users";
import { call } from "@/lib/api-client";
import { type AppUserImageFiles, addForm } from "./app-user-form-data";
import { appUsersQueryOptions } from "./get-app-users";

/** POST User/adduser (multipart). */
export const createAppUser = (input: { form: AppUserForm; images: AppUserImageFiles }) =>
  call(appUserEndpoints.add, { form: addForm(input.form, input.images) }, { silent: true });

export function useCreateAppUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAppUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: appUsersQueryOptions().queryKey }),
  });
}
