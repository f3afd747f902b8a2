import { queryOptions, useQuery } from "@tanstack/react-query";
import type { UserDetail } from "@visadesk/contract/users";
import { http } from "@/lib/http";

/** GET User/users/{id}: one app user by guidId; the form shows "Failed to load app user data" itself. */
export async function getAppUser(guidId: string) {
  const response = await http.get<UserDetail>(`User/users/${encodeURIComponent(guidId)}`, { silent: true });
  return response.data;
}

export const appUserQueryOptions = (guidId: string) =>
  queryOptions({ queryKey: ["app-users", "detail", guidId], queryFn: () => getAppUser(guidId) });

export const useAppUser = (guidId: string | undefined) =>
  useQuery({ ...appUserQueryOptions(guidId ?? ""), enabled: Boolean(guidId) });
