import { useCallback } from "react";
import { useSearchParams } from "react-router";

/**
 * Page and search of a list, kept in the URL (?page=2&search=ali) so reload, Back and shared links
 * keep the staff member's place. A new search goes back to page 1.
 */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get("page")) || 1);
  const search = params.get("search") ?? "";

  const setPage = useCallback(
    (next: number) =>
      setParams((current) => {
        const updated = new URLSearchParams(current);
        if (next > 1) updated.set("page", String(next));
        else updated.delete("page");
        return updated;
      }),
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
        { replace: true },
      ),
    [setParams],
  );
  return { page, search, setPage, setSearch };
}
