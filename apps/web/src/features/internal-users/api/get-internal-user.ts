import { queryOptions, useQuery } from "@tanstack/react-query";
import { userEndpoints } from "@visadesk/contract/users-endpoints";
import { call } from "@/lib/api-client";

/** GET User/users/{id}: one internal account; an Admin's answer carries its sign-in state too. */
export const getInternalUser = (guidId: string) =>
  call(userEndpoints.get, { params: { id: guidId } }, { silent: true });

// Under the list's key, so whatever an Admin's action refreshes on the list refreshes the page as well.
export const internalUserQueryOptions = (guidId: string) =>
  queryOptions({ queryKey: ["internal-users", "detail", guidId], queryFn: () => getInternalUser(guidId) });

export const useInternalUser = (guidId: string) => useQuery(internalUserQueryOptions(guidId));
