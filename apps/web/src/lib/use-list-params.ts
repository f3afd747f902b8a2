import { useLocalStorage } from "@mantine/hooks";
import { PAGE_SIZE, PAGE_SIZE_CHOICES } from "@visadesk/contract/common-constants";
import { useCallback } from "react";
import { useLocation, useSearchParams } from "react-router";

/** One of the offered page sizes, else nothing (a hand-edited ?size=7 or an old stored value). */
const knownSize = (value: string | null | undefined): number | undefined =>
  PAGE_SIZE_CHOICES.find((size) => String(size) === value);

/** Where a list keeps the page size last chosen on it in this browser, stored as the bare number ("25"). */
const pageSizeKey = (pathname: string) => `visadesk:page-size:${pathname}`;

/** The page size last chosen on this list in this browser ("" when none, or storage is locked). */
export function storedPageSize(pathname: string): string {
  try {
    return localStorage.getItem(pageSizeKey(pathname)) ?? "";
  } catch {
    return "";
  }
}

/**
 * What a list's address asks for: page, page size, search, order and the list's own filters. The one
 * reading of them, by the list (useListParams) and by its page module's prefetch, so both ask the server
 * for the same page. The size is the address's (?size=50, so a shared link shows the same page), else the
 * one stored for this list, else the spec's 12.
 */
export function readListAddress<TFilter extends string>(
  params: URLSearchParams,
  storedSize: string,
  filterKeys: readonly TFilter[],
) {
  return {
    page: Math.max(1, Number(params.get("page")) || 1),
    pageSize: knownSize(params.get("size")) ?? knownSize(storedSize) ?? PAGE_SIZE,
    search: params.get("search") ?? "",
    /** A column's sort field, "-" first for descending; "" is the list's own order. */
    sort: params.get("sort") ?? "",
    filters: Object.fromEntries(filterKeys.map((key) => [key, params.get(key) ?? ""])) as Record<
      TFilter,
      string
    >,
    /** Whether any filter of this list is set. */
    filtered: filterKeys.some((key) => Boolean(params.get(key))),
  };
}
export type ListAddress<TFilter extends string = never> = ReturnType<typeof readListAddress<TFilter>>;

/** The list's stored page size, and the choice of another (which starts again at page 1). */
function usePageSize() {
  const { pathname } = useLocation();
  const [, setParams] = useSearchParams();
  const [stored, setStored] = useLocalStorage<string>({
    key: pageSizeKey(pathname),
    defaultValue: "",
    getInitialValueInEffect: false,
    serialize: (value) => value,
    deserialize: (value) => value ?? "",
  });
  /** Another size starts again at page 1: the rows of page 3 at 12 are on page 1 at 50. */
  const setPageSize = useCallback(
    (next: number) => {
      setStored(String(next));
      setParams((current) => {
        const updated = new URLSearchParams(current);
        updated.delete("page");
        if (next === PAGE_SIZE) updated.delete("size");
        else updated.set("size", String(next));
        return updated;
      });
    },
    [setParams, setStored],
  );
  return { stored, setPageSize };
}

/**
 * Page, page size, search, sort and a list's own filters (?page=2&size=25&search=ali&sort=-name&status=Pending), kept in the URL so reload,
 * Back and shared links keep the staff member's place. A new search or filter goes back to page 1.
 */
export function useListParams<TFilter extends string = never>(filterKeys: readonly TFilter[] = []) {
  const [params, setParams] = useSearchParams();
  const { stored, setPageSize } = usePageSize();
  // The keys as one string: the caller's array is new on every render, its content is not.
  const keyList = filterKeys.join(",");
  const { page, pageSize, search, sort, filters, filtered } = readListAddress(params, stored, filterKeys);

  /** `replace` corrects the address in place (a page past the last one), leaving no entry to go Back to. */
  const setPage = useCallback(
    (next: number, options?: { replace?: boolean }) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (next > 1) updated.set("page", String(next));
          else updated.delete("page");
          return updated;
        },
        { replace: options?.replace ?? false },
      ),
    [setParams],
  );
  const setSearch = useCallback(
    (next: string) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          updated.delete("page");
          if (next) updated.set("search", next);
          else updated.delete("search");
          return updated;
        },
        // Typing replaces the entry rather than leaving one per keystroke in the history.
        { replace: true },
      ),
    [setParams],
  );
  /** Sets filters ("" removes one); the list starts again at page 1. */
  const setFilters = useCallback(
    (changes: Partial<Record<TFilter, string>>) =>
      setParams((current) => {
        const updated = new URLSearchParams(current);
        updated.delete("page");
        for (const [key, value] of Object.entries<string | undefined>(changes)) {
          if (value) updated.set(key, value);
          else updated.delete(key);
        }
        return updated;
      }),
    [setParams],
  );
  /** Removes every filter of this list (search and order stay); back to page 1. */
  const clearFilters = useCallback(
    () =>
      setParams((current) => {
        const updated = new URLSearchParams(current);
        updated.delete("page");
        for (const key of keyList.split(",")) updated.delete(key);
        return updated;
      }),
    [setParams, keyList],
  );
  /** Another order starts again at page 1: page 3 of one order says nothing of another. */
  const setSort = useCallback(
    (next: string) =>
      setParams((current) => {
        const updated = new URLSearchParams(current);
        updated.delete("page");
        if (next) updated.set("sort", next);
        else updated.delete("sort");
        return updated;
      }),
    [setParams],
  );
  return {
    page,
    search,
    sort,
    setPage,
    setSearch,
    setSort,
    filters,
    setFilters,
    clearFilters,
    filtered,
    pageSize,
    setPageSize,
  };
}

/**
 * A filter value from the address the list knows, else nothing: a hand-edited or outdated link shows the
 * unfiltered list (its control reads "any") instead of a refused load.
 */
export const knownValue = (value: string | undefined, allowed: readonly string[]): string | undefined =>
  value && allowed.includes(value) ? value : undefined;

/** The known values of a comma list (several countries), still as a comma list; nothing if none is known. */
export const knownValues = (value: string | undefined, allowed: readonly string[]): string | undefined =>
  (value ?? "")
    .split(",")
    .filter((part) => allowed.includes(part))
    .join(",") || undefined;

/** The values of a yes/no filter in the address and the API. */
export const YES_NO = ["true", "false"] as const;

/** The entries that have a value: the query a list sends. */
export const defined = (query: Record<string, string | undefined>): Record<string, string> =>
  Object.fromEntries(Object.entries(query).filter((entry): entry is [string, string] => Boolean(entry[1])));
