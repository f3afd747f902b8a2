import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { PAGE_SIZE } from "@visadesk/contract/common-constants";
import type { ConsultantList } from "@visadesk/contract/consultants";
import { COUNTRY_VALUES } from "@visadesk/contract/consultants-constants";
import { http } from "@/lib/http";
import { defined, knownValue, knownValues, YES_NO } from "@/lib/use-list-params";

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
  sort?: string;
  /** approved, premium, country (a comma list): "" or absent = any. */
  filters?: Partial<Record<ConsultantFilter, string>>;
}

/** The list's filters, by their names in the address and in the API. */
export const CONSULTANT_FILTERS = ["approved", "premium", "country"] as const;
export type ConsultantFilter = (typeof CONSULTANT_FILTERS)[number];

/** The query of the list, its export and its "select all matching": search, order and filters, no page. */
export function consultantListQuery({ search, deleted, sort, filters }: Omit<ConsultantListParams, "page">) {
  return {
    ...(search ? { search } : {}),
    ...(deleted ? { deleted } : {}),
    ...(sort ? { sort } : {}),
    ...defined({
      approved: knownValue(filters?.approved, YES_NO),
      premium: knownValue(filters?.premium, YES_NO),
      country: knownValues(filters?.country, COUNTRY_VALUES),
    }),
  };
}

/** GET Consultants/consultants in its paged form: one page of 12 plus total, searched on the server. */
export async function getConsultants({ page, pageSize = PAGE_SIZE, ...query }: ConsultantListParams) {
  const response = await http.get<ConsultantList>("Consultants/consultants", {
    params: { page, pageSize, ...consultantListQuery(query) },
    // The list shows its own error state and one toast; a toast per attempt would repeat it.
    silent: true,
  });
  return response.data;
}

export const consultantsQueryOptions = (params: ConsultantListParams = { page: 1, search: "" }) =>
  queryOptions({
    queryKey: [...CONSULTANTS_KEY, "list", params],
    queryFn: () => getConsultants(params),
  });

/** The list is refetched whenever the route changes, so it mounts fresh every time. */
export const useConsultants = (params: ConsultantListParams) =>
  useQuery({
    ...consultantsQueryOptions(params),
    placeholderData: keepPreviousData,
    refetchOnMount: "always",
  });
