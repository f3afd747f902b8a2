import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { PAGE_SIZE } from "@visadesk/contract/common-constants";
import type { QueryIn } from "@visadesk/contract/endpoint";
import type { User, UserPage } from "@visadesk/contract/users";
import { ACCOUNT_STATUSES, userSortParam } from "@visadesk/contract/users-constants";
import { userEndpoints } from "@visadesk/contract/users-endpoints";
import { call } from "@/lib/api-client";
import type { ListAddress } from "@/lib/use-list-params";
import { useQueryInSlices } from "@/lib/use-query-in-slices";

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

/** The list's filters, by their names in the address and in the API. */
export const INTERNAL_USER_FILTERS = ["status", "role"] as const;

/** The list's request for what its address asks: a page with its search, order and filters. */
export const internalUserListParamsOf = (
  list: ListAddress<(typeof INTERNAL_USER_FILTERS)[number]>,
): InternalUserListParams => ({
  page: list.page,
  pageSize: list.pageSize,
  search: list.search,
  ...(list.sort ? { sort: list.sort } : {}),
  filters: list.filters,
});

/** What the list and its export are asked for besides the page. */
type InternalUserListQuery = Pick<
  NonNullable<QueryIn<typeof userEndpoints.list>>,
  "role" | "search" | "sort" | "status"
>;
const INTERNAL_ROLES = ["Admin", "Staff"] as const;

/**
 * The query of the list and of its export: search, order and filters, no page. A sort or filter the address
 * holds but the list does not know (an edited link) is left out.
 */
export function internalUserListQuery({ search, sort, filters }: Omit<InternalUserListParams, "page">) {
  // One internal role, or both.
  const query: InternalUserListQuery = {
    role: INTERNAL_ROLES.find((role) => role === filters?.role) ?? "internal",
  };
  const sortParam = userSortParam(sort);
  const status = ACCOUNT_STATUSES.find((known) => known === filters?.status);
  if (search) query.search = search;
  if (sortParam) query.sort = sortParam;
  if (status) query.status = status;
  return query;
}

/** A paged list's answer (the whole list, an array, only when no page is asked for). */
const pageOf = (answer: User[] | UserPage): UserPage =>
  Array.isArray(answer) ? { data: answer, total: answer.length } : answer;

/** GET User/users, paged on the server: every account without the AppUser role. */
export async function getInternalUsers({ page, pageSize = PAGE_SIZE, ...query }: InternalUserListParams) {
  const answer = await call(
    userEndpoints.list,
    { query: { page, pageSize, ...internalUserListQuery(query) } },
    // Load failures on the user lists are silently ignored.
    { silent: true },
  );
  return pageOf(answer);
}

export const internalUsersQueryOptions = (params?: InternalUserListParams) =>
  queryOptions({
    queryKey: params ? ["internal-users", params] : ["internal-users"],
    queryFn: () => getInternalUsers(params ?? { page: 1, search: "" }),
    placeholderData: keepPreviousData,
  });

export const useInternalUsers = (params: InternalUserListParams) =>
  useQueryInSlices(internalUsersQueryOptions(params));
