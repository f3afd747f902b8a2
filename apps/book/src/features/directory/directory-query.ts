import { DIRECTORY_SORTS, type DirectorySort } from "@visadesk/contract/customer-directory-constants";

/** The directory's search and filters, as they live in the address (shareable; Back restores them). */
export interface DirectoryFilters {
  search: string;
  country: string;
  /** A language the consultant speaks, as the filters' choices name it ("urdu"). */
  language: string;
  /** A visa type, an item of the consultants' services as the filters' choices name it ("student visa"). */
  visaType: string;
  minFee: string;
  maxFee: string;
  minRating: string;
  sort: DirectorySort;
}

export const FILTER_NAMES = [
  "search",
  "country",
  "language",
  "visaType",
  "minFee",
  "maxFee",
  "minRating",
] as const;

export function filtersOf(params: URLSearchParams): DirectoryFilters {
  const sort = params.get("sort");
  return {
    search: params.get("search") ?? "",
    country: params.get("country") ?? "",
    language: params.get("language") ?? "",
    visaType: params.get("visaType") ?? "",
    minFee: params.get("minFee") ?? "",
    maxFee: params.get("maxFee") ?? "",
    minRating: params.get("minRating") ?? "",
    sort: DIRECTORY_SORTS.includes(sort as DirectorySort) ? (sort as DirectorySort) : "recommended",
  };
}

/** The API query of the filters: blanks left out, so the server's defaults apply. */
export function queryOf(filters: DirectoryFilters) {
  const number = (value: string) => (value.trim() === "" ? undefined : Number(value));
  return {
    ...(filters.search.trim() ? { search: filters.search.trim() } : {}),
    ...(filters.country ? { country: filters.country } : {}),
    ...(filters.language ? { language: filters.language } : {}),
    ...(filters.visaType ? { visaType: filters.visaType } : {}),
    ...(number(filters.minFee) !== undefined ? { minFee: number(filters.minFee) } : {}),
    ...(number(filters.maxFee) !== undefined ? { maxFee: number(filters.maxFee) } : {}),
    ...(number(filters.minRating) !== undefined ? { minRating: number(filters.minRating) } : {}),
    ...(filters.sort !== "recommended" ? { sort: filters.sort } : {}),
  };
}
