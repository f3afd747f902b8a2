import { queryOptions, useQuery } from "@tanstack/react-query";
import { http } from "@/lib/http";

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
export async function getCustomerOptions(search: string) {
  const response = await http.get<{ data: CustomerOption[]; total: number }>("User/users", {
    params: { role: "AppUser", page: 1, pageSize: 20, ...(search ? { search } : {}) },
  });
  return response.data.data;
}

export const customerOptionsQueryOptions = (search = "") =>
  queryOptions({
    queryKey: ["app-users", "appointment-options", search],
    queryFn: () => getCustomerOptions(search),
  });

export const useCustomerOptions = (search: string, enabled: boolean) =>
  useQuery({ ...customerOptionsQueryOptions(search), enabled });
