import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { PAGE_SIZE } from "@visadesk/contract/common-constants";
import {
  CONSULTANT_SORT_PARAMS,
  COUNTRY_OPTIONS,
  type ConsultantSortParam,
  type CountryValue,
} from "@visadesk/contract/consultants-constants";
import { consultantEndpoints } from "@visadesk/contract/consultants-endpoints";
import { call } from "@/lib/api-client";
import { refetchUnlessFetchedForScreen } from "@/lib/screen-data";
import { knownValue, type ListAddress, YES_NO } from "@/lib/use-list-params";
import { useQueryInSlices } from "@/lib/use-query-in-slices";

/** Every consultant query starts with this key (query key "consultants"). */
export const CONSULTANTS_KEY = ["consultants"] as const;

export interface ConsultantListParams {
  page: number;
  /** Rows per page (one of PAGE_SIZE_CHOICES); 12 when absent. */
  pageSize?: number;
  search: string;
  /** The deleted consultants instead (Admin only). */
  deleted?: boolean;
  /** A column's sort field, "-" first for descending; absent = newest first. */
  sort?: ConsultantSortParam | undefined;
  /** approved, premium, country (a comma list): "" or absent = any. */
  filters?: Partial<Record<ConsultantFilter, string>>;
}

/** The list's filters, by their names in the address and in the API. */
export const CONSULTANT_FILTERS = ["approved", "premium", "country"] as const;
export type ConsultantFilter = (typeof CONSULTANT_FILTERS)[number];

/** The address's sort when the list knows it, else the list's own order (a hand-edited or outdated link). */
export const knownSort = (value: string): ConsultantSortParam | undefined =>
  CONSULTANT_SORT_PARAMS.find((sort) => sort === value);

const COUNTRIES: readonly CountryValue[] = COUNTRY_OPTIONS.map((option) => option.value);
/** The known countries of the address's comma list; nothing if none is known. */
const knownCountries = (value: string | undefined): CountryValue[] | undefined => {
  const countries = (value ?? "")
    .split(",")
    .flatMap((part) => COUNTRIES.filter((country) => country === part));
  return countries.length ? countries : undefined;
};
const yesNo = (value: string | undefined) => knownValue(value, YES_NO) as (typeof YES_NO)[number] | undefined;

/** The query of the list, its export and its "select all matching": search, order and filters, no page. */
export function consultantListQuery({ search, deleted, sort, filters }: Omit<ConsultantListParams, "page">) {
  const approved = yesNo(filters?.approved);
  const premium = yesNo(filters?.premium);
  const country = knownCountries(filters?.country);
  return {
    ...(search ? { search } : {}),
    ...(deleted ? { deleted } : {}),
    ...(sort ? { sort } : {}),
    ...(approved ? { approved } : {}),
    ...(premium ? { premium } : {}),
    // Sent as a comma list (the HTTP client writes a list's values joined), which the list takes.
    ...(country ? { country } : {}),
  };
}
export type ConsultantListQuery = ReturnType<typeof consultantListQuery>;

/**
 * The list's request for what its address asks: a page of the list with its search, order and filters, or
 * of the deleted consultants (Admin), which keep their own order (most recently deleted first) and have no
 * filters.
 */
export const consultantListParamsOf = (
  list: ListAddress<ConsultantFilter>,
  deleted: boolean,
): ConsultantListParams =>
  deleted
    ? { page: list.page, pageSize: list.pageSize, search: list.search, deleted }
    : {
        page: list.page,
        pageSize: list.pageSize,
        search: list.search,
        sort: knownSort(list.sort),
        filters: list.filters,
      };

/** GET Consultants/consultants in its paged form: one page of 12 plus total, searched on the server. */
export const getConsultants = ({ page, pageSize = PAGE_SIZE, ...query }: ConsultantListParams) =>
  call(
    consultantEndpoints.list,
    { query: { page, pageSize, ...consultantListQuery(query) } },
    // The list shows its own error state and one toast; a toast per attempt would repeat it.
    { silent: true },
  );

export const consultantsQueryOptions = (params: ConsultantListParams = { page: 1, search: "" }) =>
  queryOptions({
    queryKey: [...CONSULTANTS_KEY, "list", params],
    queryFn: () => getConsultants(params),
  });

/** The list is fetched anew whenever its screen opens (once, when the screen's prefetch asked for it). */
export const useConsultants = (params: ConsultantListParams) =>
  useQueryInSlices({
    ...consultantsQueryOptions(params),
    placeholderData: keepPreviousData,
    refetchOnMount: refetchUnlessFetchedForScreen,
  });
