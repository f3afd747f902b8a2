import { VisuallyHidden } from "@mantine/core";
import type { QueryKey } from "@tanstack/react-query";
import { MAX_PAGE_SIZE } from "@visadesk/contract/common-constants";
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { formatCount } from "@/lib/format-number";
import { http } from "../lib/http";
import type { BulkReason } from "./bulk-reason-dialog";

// The bar itself (its buttons, the confirmation dialog, the bulk requests and their result toast) loads
// with the first picked row: most visits to a list pick none.
const BulkBarPanel = lazy(() => import("./bulk-bar-panel"));

/** One bulk action of a list, by the server's name. */
export interface BulkAction {
  action: string;
  label: string;
  /** The action that puts a flag back: offered as Undo for 10 seconds on the rows that changed. */
  undo?: string;
  /** Asks first, stating the count (a delete). */
  confirm?: boolean;
  /** What a changed row is called in the result: "updated" unless said otherwise ("deleted"). */
  done?: string;
  /** What a row already as asked is called in the result: "unchanged" unless said ("already approved"). */
  already?: string;
  color?: string;
  /** Asks a reason first, sent with every row as `reason` (an appointment cancel's, mailed to both parties). */
  reason?: BulkReason;
  /** What the request sends beside the action and the ids (the reason given). */
  body?: Record<string, string>;
}

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
  useEffect(() => {
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

/**
 * Every id matching the list's query, read page by page from the list itself (its largest page), so the
 * action covers exactly what the list shows however it is filtered.
 */
export async function matchingIds<T>(
  listPath: string,
  query: Record<string, string | number | boolean>,
  idOf: (row: T) => string,
): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 1; ; page++) {
    const response = await http.get<{ data: T[] }>(listPath, {
      params: { ...query, page, pageSize: MAX_PAGE_SIZE },
      silent: true,
    });
    ids.push(...response.data.data.map(idOf));
    if (response.data.data.length < MAX_PAGE_SIZE) return ids;
  }
}

/**
 * The exact number of rows matching the list's query (exactTotal=true), asked when the list's total is an
 * estimate: "Select all", its confirmation and its result then state the rows really acted on. Past the
 * server's cap this fails with its message (narrow the list).
 */
export async function exactCount(
  listPath: string,
  query: Record<string, string | number | boolean>,
): Promise<number> {
  const response = await http.get<{ total: number }>(listPath, {
    params: { ...query, page: 1, pageSize: 1, exactTotal: true },
    silent: true,
  });
  return response.data.total;
}

export interface BulkBarProps {
  selection: RowSelection;
  /** The ids on the page shown, and the list's total for its query. */
  pageIds: readonly string[];
  total: number;
  /** The server estimated `total`: "about" it, and counted exactly before every match is picked. */
  totalIsEstimate?: boolean | undefined;
  /** The exact number of rows matching the list's query (exactCount). */
  countAll: () => Promise<number>;
  /** What a row is, plural: "consultants". */
  noun: string;
  actions: readonly BulkAction[];
  /** POST route of the bulk actions, e.g. "Consultants/bulk". */
  bulkPath: string;
  /** Every id matching the list's query, for "Select all N matching". */
  allIds: () => Promise<string[]>;
  /** The queries to load again once rows changed. */
  invalidate: QueryKey;
}

/**
 * The bar above a list while rows are picked: how many (announced to screen readers, from a status region
 * that is there before the first pick so the first count is read out too), "Select all N matching" once
 * the whole page is picked, and the actions (BulkBarPanel).
 */
export function BulkBar(props: BulkBarProps) {
  const { selection, noun } = props;
  // Kept here, not in the panel: the status region announces it.
  const [progress, setProgress] = useState<string | null>(null);
  const picked = selection.allMatching ? selection.matching : selection.selected.size;
  const announcement = progress ?? (picked > 0 ? `${formatCount(picked)} ${noun} selected` : "");
  return (
    <>
      <VisuallyHidden>
        <span role="status" aria-live="polite">
          {announcement}
        </span>
      </VisuallyHidden>
      {(picked > 0 || progress) && (
        <Suspense fallback={null}>
          <BulkBarPanel {...props} progress={progress} setProgress={setProgress} />
        </Suspense>
      )}
    </>
  );
}
