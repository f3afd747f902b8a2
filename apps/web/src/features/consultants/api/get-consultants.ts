import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { PAGE_SIZE } from "@visadesk/contract/common-constants";
import type { ConsultantList } from "@visadesk/contract/consultants";
import { http } from "../../../lib/http";

/** Every consultant query starts with this key (spec section 7: query key "consultants"). */
export const CONSULTANTS_KEY = ["consultants"] as const;

export interface ConsultantListParams {
  page: number;
  search: string;
  /** The deleted consultants instead (Admin only). */
  deleted?: boolean;
  /** A column's sort field, "-" first for descending; absent = newest first. */
  sort?: string;
}

/** GET Consultants/consultants in its paged form: one page of 12 plus total, searched on the server. */
export async function getConsultants({ page, search, deleted, sort }: ConsultantListParams) {
  const response = await http.get<ConsultantList>("Consultants/consultants", {
    params: {
      page,
      pageSize: PAGE_SIZE,
      ...(search ? { search } : {}),
      ...(deleted ? { deleted } : {}),
      ...(sort ? { sort } : {}),
    },
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

/** Spec section 2: the list is refetched whenever the route changes, so it mounts fresh every time. */
export const useConsultants = (params: ConsultantListParams) =>
  useQuery({
    ...consultantsQueryOptions(params),
    placeholderData: keepPreviousData,
    refetchOnMount: "always",
  });
