import type { paths } from "@visadesk/contract/generated/customer-api";
import { startTransition, useCallback, useEffect, useRef, useState } from "react";
import { api, errorMessage } from "@/lib/api";
import { type DirectoryFilters, queryOf } from "./directory-query";

type DirectoryAnswer =
  paths["/api/customer/v1/consultants"]["get"]["responses"][200]["content"]["application/json"];
export type DirectoryItem = DirectoryAnswer["data"][number];

/** How many consultants a page brings: a phone screen's worth and more, so "Show more" is rarely pressed. */
const PAGE = 20;

export type DirectoryState =
  | { status: "loading" }
  | { status: "failed"; message: string | undefined; offline: boolean }
  | {
      status: "done";
      items: DirectoryItem[];
      nextCursor: string | null;
      loadingMore: boolean;
      /** How many match, from the first page: exact, or about so many when `estimate`. */
      count: { total: number; estimate: boolean } | undefined;
    };

/**
 * The directory's pages for the filters: the first page when they change (an older answer arriving late is
 * dropped), and the next one on more(), appended after the last (keyset paging: no consultant twice).
 */
export function useDirectory(filters: DirectoryFilters) {
  const [state, setState] = useState<DirectoryState>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);
  const query = JSON.stringify(queryOf(filters));
  const current = useRef<AbortController | null>(null);

  const fetchPage = useCallback(
    async (cursor: string | undefined, signal: AbortSignal) => {
      const { data, error } = await api.GET("/api/customer/v1/consultants", {
        params: { query: { ...JSON.parse(query), limit: PAGE, ...(cursor ? { cursor } : {}) } },
        signal,
      });
      if (error || !data) throw new DirectoryError(errorMessage(error));
      return data;
    },
    [query],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt reloads on purpose
  useEffect(() => {
    const controller = new AbortController();
    current.current?.abort();
    current.current = controller;
    setState({ status: "loading" });
    fetchPage(undefined, controller.signal).then(
      (page) => {
        // The cards render in slices, between which the page stays responsive.
        if (!controller.signal.aborted)
          startTransition(() =>
            setState({
              status: "done",
              items: page.data,
              nextCursor: page.nextCursor,
              loadingMore: false,
              count:
                page.total === undefined
                  ? undefined
                  : { total: page.total, estimate: page.totalIsEstimate === true },
            }),
          );
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const message = error instanceof DirectoryError ? error.message || undefined : undefined;
        setState({ status: "failed", message, offline: !navigator.onLine });
      },
    );
    return () => controller.abort();
  }, [fetchPage, attempt]);

  const more = useCallback(() => {
    if (state.status !== "done" || !state.nextCursor || state.loadingMore) return;
    const controller = current.current ?? new AbortController();
    setState({ ...state, loadingMore: true });
    fetchPage(state.nextCursor, controller.signal).then(
      (page) => {
        if (controller.signal.aborted) return;
        setState({
          ...state,
          items: [...state.items, ...page.data],
          nextCursor: page.nextCursor,
          loadingMore: false,
        });
      },
      () => {
        if (!controller.signal.aborted) setState({ ...state, loadingMore: false });
      },
    );
  }, [state, fetchPage]);

  return { state, more, retry: () => setAttempt((count) => count + 1) };
}

class DirectoryError extends Error {}
