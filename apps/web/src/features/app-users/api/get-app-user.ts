import { queryOptions } from "@tanstack/react-query";
import { userEndpoints } from "@visadesk/contract/users-endpoints";
import { call } from "@/lib/api-client";
import { useQueryInSlices } from "@/lib/use-query-in-slices";

/** GET User/users/{id}: one app user by guidId; the form shows "Failed to load app user data" itself. */
export const getAppUser = (guidId: string) =>
  call(userEndpoints.get, { params: { id: guidId } }, { silent: true });

export const appUserQueryOptions = (guidId: string) =>
  queryOptions({ queryKey: ["app-users", "detail", guidId], queryFn: () => getAppUser(guidId) });

export const useAppUser = (guidId: string | undefined) =>
  useQueryInSlices({ ...appUserQueryOptions(guidId ?? ""), enabled: Boolean(guidId) });
