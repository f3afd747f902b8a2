import { useMutation, useQueryClient } from "@tanstack/react-query";
import { appUserEndpoints } from "@visadesk/contract/app-users-endpoints";
import type { AppUserForm } from "@visadesk/contract/users";
import { call } from "@/lib/api-client";
import { type AppUserImageFiles, updateForm } from "./app-user-form-data";
import { appUsersQueryOptions } from "./get-app-users";

/**
 * PUT User/update-user?id={guidId} (multipart). Password goes along as the spec says (its input is
 * disabled); the server never changes the password from it. The version is the one the form loaded: 409
 * when someone saved the app user since.
 */
export const updateAppUser = (input: {
  guidId: string;
  form: AppUserForm;
  images: AppUserImageFiles;
  version: number;
}) =>
  call(
    appUserEndpoints.update,
    {
      query: { id: input.guidId },
      form: updateForm(input.guidId, input.form, input.images, input.version),
    },
    { silent: true },
  );

export function useUpdateAppUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAppUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: appUsersQueryOptions().queryKey }),
  });
}
