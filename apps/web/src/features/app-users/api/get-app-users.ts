import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { PAGE_SIZE } from "@visadesk/contract/common-constants";
import type { QueryIn } from "@visadesk/contract/endpoint";
import type { User, UserPage } from "@visadesk/contract/users";
import { ACCOUNT_STATUSES, CNIC_VERIFICATIONS, userSortParam } from "@visadesk/contract/users-constants";
import { userEndpoints } from "@visadesk/contract/users-endpoints";
import { call } from "@/lib/api-client";
import type { ListAddress } from "@/lib/use-list-params";
import { useQueryInSlices } from "@/lib/use-query-in-slices";

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

/** The list's filters, by their names in the address and in the API. */
export const APP_USER_FILTERS = ["status", "verification"] as const;

/**
 * The list's request for what its address asks: a page of the list with its search, order and filters, or
 * of the deleted app users (Admin), which keep their own order (most recently deleted first) and have no
 * filters.
 */
export const appUserListParamsOf = (
  list: ListAddress<(typeof APP_USER_FILTERS)[number]>,
  deleted: boolean,
): AppUserListParams =>
  deleted
    ? { page: list.page, pageSize: list.pageSize, search: list.search, deleted }
    : {
        page: list.page,
        pageSize: list.pageSize,
        search: list.search,
        ...(list.sort ? { sort: list.sort } : {}),
        filters: list.filters,
      };

/** What the list and its export are asked for besides the page. */
type AppUserListQuery = Pick<
  NonNullable<QueryIn<typeof userEndpoints.list>>,
  "role" | "search" | "deleted" | "sort" | "status" | "verification"
>;

/**
 * The query of the list and of its export: search, order and filters, no page. A sort or filter the address
 * holds but the list does not know (an edited link) is left out.
 */
export function appUserListQuery({ search, sort, filters, deleted }: Omit<AppUserListParams, "page">) {
  const query: AppUserListQuery = { role: "AppUser" };
  const sortParam = userSortParam(sort);
  const status = ACCOUNT_STATUSES.find((known) => known === filters?.status);
  const verification = CNIC_VERIFICATIONS.find((known) => known === filters?.verification);
  if (search) query.search = search;
  if (deleted) query.deleted = deleted;
  if (sortParam) query.sort = sortParam;
  if (status) query.status = status;
  if (verification) query.verification = verification;
  return query;
}

/** A paged list's answer (the whole list, an array, only when no page is asked for). */
const pageOf = (answer: User[] | UserPage): UserPage =>
  Array.isArray(answer) ? { data: answer, total: answer.length } : answer;

/** GET User/users, paged on the server: accounts whose roles include AppUser. */
export async function getAppUsers({ page, pageSize = PAGE_SIZE, ...query }: AppUserListParams) {
  const answer = await call(
    userEndpoints.list,
    { query: { page, pageSize, ...appUserListQuery(query) } },
    // Load failures on the user lists are silently ignored.
    { silent: true },
  );
  return pageOf(answer);
}

export const appUsersQueryOptions = (params?: AppUserListParams) =>
  queryOptions({
    queryKey: params ? ["app-users", params] : ["app-users"],
    queryFn: () => getAppUsers(params ?? { page: 1, search: "" }),
    placeholderData: keepPreviousData,
  });

export const useAppUsers = (params: AppUserListParams) => useQueryInSlices(appUsersQueryOptions(params));
