import { useLocalStorage } from "@mantine/hooks";
import { PAGE_SIZE, PAGE_SIZE_CHOICES } from "@visadesk/contract/common-constants";
import { useCallback } from "react";
import { useLocation, useSearchParams } from "react-router";

/** One of the offered page sizes, else nothing (a hand-edited ?size=7 or an old stored value). */
const knownSize = (value: string | null | undefined): number | undefined =>
  PAGE_SIZE_CHOICES.find((size) => String(size) === value);

/**
 * A list's page size: the address's (?size=50, so a shared link shows the same page), else the one the
 * person last chose on this list in this browser, else the spec's 12.
 */
function usePageSize() {
  const { pathname } = useLocation();
  const [params, setParams] = useSearchParams();
  const [stored, setStored] = useLocalStorage<string>({
    key: `visadesk:page-size:${pathname}`,
    defaultValue: "",
    getInitialValueInEffect: false,
    // Stored as the bare number ("25"), not as JSON.
    serialize: (value) => value,
    deserialize: (value) => value ?? "",
  });
  const pageSize = knownSize(params.get("size")) ?? knownSize(stored) ?? PAGE_SIZE;
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
  return { pageSize, setPageSize };
}

/**
 * Page, page size, search, sort and a list's own filters (?page=2&size=25&search=ali&sort=-name&status=Pending), kept in the URL so reload,
 * Back and shared links keep the staff member's place. A new search or filter goes back to page 1.
 */
export function useListParams<TFilter extends string = never>(filterKeys: readonly TFilter[] = []) {
  const [params, setParams] = useSearchParams();
  const { pageSize, setPageSize } = usePageSize();
  // The keys as one string: the caller's array is new on every render, its content is not.
  const keyList = filterKeys.join(",");
  const page = Math.max(1, Number(params.get("page")) || 1);
  const search = params.get("search") ?? "";
  /** A column's sort field, "-" first for descending; "" is the list's own order. */
  const sort = params.get("sort") ?? "";
  const filters = Object.fromEntries(filterKeys.map((key) => [key, params.get(key) ?? ""])) as Record<
    TFilter,
    string
  >;

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
  /** Whether any filter of this list is set. */
  const filtered = filterKeys.some((key) => Boolean(params.get(key)));
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
