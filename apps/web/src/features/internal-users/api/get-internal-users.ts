import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { PAGE_SIZE } from "@visadesk/contract/common-constants";
import type { UserPage } from "@visadesk/contract/users";
import { http } from "@/lib/http";
import { ACCOUNT_STATUSES, defined, knownValue } from "@/lib/use-list-params";

export interface InternalUserListParams {
  page: number;
  /** Rows per page (one of PAGE_SIZE_CHOICES); 12 when absent. */
  pageSize?: number;
  search: string;
  /** A column's sort field, "-" first for descending; absent = newest first. */
  sort?: string;
  /** status (active, pending, rejected) and role (Admin, Staff): "" or absent = any. */
  filters?: { status?: string; role?: string };
}

/** The query of the list and of its export: search, order and filters, no page. */
export function internalUserListQuery({ search, sort, filters }: Omit<InternalUserListParams, "page">) {
  return {
    // One internal role, or both.
    role: knownValue(filters?.role, ["Admin", "Staff"]) ?? "internal",
    ...(search ? { search } : {}),
    ...(sort ? { sort } : {}),
    ...defined({ status: knownValue(filters?.status, ACCOUNT_STATUSES) }),
  };
}

/** GET User/users, paged on the server: every account without the AppUser role. */
export async function getInternalUsers({ page, pageSize = PAGE_SIZE, ...query }: InternalUserListParams) {
  const response = await http.get<UserPage>("User/users", {
    params: { page, pageSize, ...internalUserListQuery(query) },
    // Load failures on the user lists are silently ignored.
    silent: true,
  });
  return response.data;
}

export const internalUsersQueryOptions = (params?: InternalUserListParams) =>
  queryOptions({
    queryKey: params ? ["internal-users", params] : ["internal-users"],
    queryFn: () => getInternalUsers(params ?? { page: 1, search: "" }),
    placeholderData: keepPreviousData,
  });

export const useInternalUsers = (params: InternalUserListParams) =>
  useQuery(internalUsersQueryOptions(params));
