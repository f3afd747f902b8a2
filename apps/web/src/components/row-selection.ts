import { useCallback, useEffect, useRef, useState } from "react";

/**
 * The rows picked on a list: ids picked page by page, or every row matching the list's query, with their
 * exact number. A new query (search, order, filters) starts again with nothing picked; turning the page
 * keeps the picks.
 */
export function useRowSelection(queryKey: string) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  /** How many rows match when all of them are picked, counted exactly; null while only picks are. */
  const [matching, setMatching] = useState<number | null>(null);
  const currentKey = useRef(queryKey);
  const clear = useCallback(() => {
    setSelected(new Set());
    setMatching(null);
  }, []);
  // Only a change of list clears: on mount there is nothing to clear, and a state change would re-render it.
  useEffect(() => {
    if (currentKey.current === queryKey) return;
    currentKey.current = queryKey;
    clear();
  }, [queryKey, clear]);
  /** Picks every matching row; a count that arrives after the query changed belongs to no list shown. */
  const selectAllMatching = useCallback((rows: number, forKey: string) => {
    if (forKey === currentKey.current) setMatching(rows);
  }, []);
  const onChange = useCallback((ids: string[], picked: boolean) => {
    setMatching(null);
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (picked) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  }, []);
  return {
    selected,
    allMatching: matching !== null,
    matching: matching ?? 0,
    queryKey,
    onChange,
    selectAllMatching,
    clear,
  };
}
export type RowSelection = ReturnType<typeof useRowSelection>;
