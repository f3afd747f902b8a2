import { queryOptions, useQuery } from "@tanstack/react-query";
import type { UserDetail } from "@visadesk/contract/users";
import { http } from "@/lib/http";

/** GET User/users/{id}: one internal account; an Admin's answer carries its sign-in state too. */
export async function getInternalUser(guidId: string) {
  const response = await http.get<UserDetail>(`User/users/${encodeURIComponent(guidId)}`, { silent: true });
  return response.data;
}

// Under the list's key, so whatever an Admin's action refreshes on the list refreshes the page as well.
export const internalUserQueryOptions = (guidId: string) =>
  queryOptions({ queryKey: ["internal-users", "detail", guidId], queryFn: () => getInternalUser(guidId) });

export const useInternalUser = (guidId: string) => useQuery(internalUserQueryOptions(guidId));
