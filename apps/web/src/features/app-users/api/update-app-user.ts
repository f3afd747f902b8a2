import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AppUserForm, User } from "@visadesk/contract/users";
import { http } from "@/lib/http";
import { type AppUserImageFiles, toFormData } from "./app-user-form-data";
import { appUsersQueryOptions } from "./get-app-users";

/**
 * PUT User/update-user?id={guidId}. Password goes along as the spec says (its input is disabled);
 * the server never changes the password from it. The version is the one the form loaded: 409 when someone
 * saved the app user since.
 */
export async function updateAppUser(input: {
  guidId: string;
  form: AppUserForm;
  images: AppUserImageFiles;
  version: number;
}) {
  const body = toFormData(input.form, input.images, input.guidId);
  body.append("version", String(input.version));
  const response = await http.put<User>("User/update-user", body, {
    params: { id: input.guidId },
    silent: true,
  });
  return response.data;
}

export function useUpdateAppUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAppUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: appUsersQueryOptions().queryKey }),
  });
}
