import { useCallback } from "react";
import { useSearchParams } from "react-router";

/**
 * Page, search, sort and a list's own filters (?page=2&search=ali&sort=-name&status=Pending), kept in the URL so reload,
 * Back and shared links keep the staff member's place. A new search or filter goes back to page 1.
 */
export function useListParams<TFilter extends string = never>(filterKeys: readonly TFilter[] = []) {
  const [params, setParams] = useSearchParams();
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
  return { page, search, sort, setPage, setSearch, setSort, filters, setFilters, clearFilters, filtered };
}
