import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { PAGE_SIZE } from "@visadesk/contract/common-constants";
import type { UserPage } from "@visadesk/contract/users";
import { http } from "@/lib/http";
import { ACCOUNT_STATUSES, CNIC_VERIFICATIONS, defined, knownValue } from "@/lib/use-list-params";

export interface AppUserListParams {
  page: number;
  /** Rows per page (one of PAGE_SIZE_CHOICES); 12 when absent. */
  pageSize?: number;
  search: string;
  /** The deleted app users instead (Admin only). */
  deleted?: boolean;
  /** A column's sort field, "-" first for descending; absent = newest first. */
  sort?: string;
  /** status (active, pending, rejected) and the CNIC check (pending, verified, rejected): "" or absent = any. */
  filters?: { status?: string; verification?: string };
}

/** The query of the list and of its export: search, order and filters, no page. */
export function appUserListQuery({ search, sort, filters, deleted }: Omit<AppUserListParams, "page">) {
  return {
    role: "AppUser",
    ...(search ? { search } : {}),
    ...(deleted ? { deleted } : {}),
    ...(sort ? { sort } : {}),
    ...defined({
      status: knownValue(filters?.status, ACCOUNT_STATUSES),
      verification: knownValue(filters?.verification, CNIC_VERIFICATIONS),
    }),
  };
}

/** GET User/users, paged on the server: accounts whose roles include AppUser. */
export async function getAppUsers({ page, pageSize = PAGE_SIZE, ...query }: AppUserListParams) {
  const response = await http.get<UserPage>("User/users", {
    params: { page, pageSize, ...appUserListQuery(query) },
    // Load failures on the user lists are silently ignored.
    silent: true,
  });
  return response.data;
}

export const appUsersQueryOptions = (params?: AppUserListParams) =>
  queryOptions({
    queryKey: params ? ["app-users", params] : ["app-users"],
    queryFn: () => getAppUsers(params ?? { page: 1, search: "" }),
    placeholderData: keepPreviousData,
  });

export const useAppUsers = (params: AppUserListParams) => useQuery(appUsersQueryOptions(params));
