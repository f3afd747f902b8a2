import { queryOptions, useQuery } from "@tanstack/react-query";
import { userEndpoints } from "@visadesk/contract/users-endpoints";
import { call } from "@/lib/api-client";

export interface CustomerOption {
  guidId: string;
  userName: string;
  email: string;
  firstName?: string | null;
  lastName?: string | null;
  /** Their own IANA zone, when they gave one: the booking dialog shows their local times too. */
  timeZone?: string | null;
}

/** GET User/users?role=AppUser searched on the server: the customers staff may book for. */
export async function getCustomerOptions(search: string): Promise<CustomerOption[]> {
  const answer = await call(userEndpoints.list, {
    query: { role: "AppUser", page: 1, pageSize: 20, ...(search ? { search } : {}) },
  });
  // Paged (a page was asked): its rows; the whole array is the spec's answer without one.
  return Array.isArray(answer) ? answer : answer.data;
}

export const customerOptionsQueryOptions = (search = "") =>
  queryOptions({
    queryKey: ["app-users", "appointment-options", search],
    queryFn: () => getCustomerOptions(search),
  });

export const useCustomerOptions = (search: string, enabled: boolean) =>
  useQuery({ ...customerOptionsQueryOptions(search), enabled });
