import type { FetchQueryOptions, Query, QueryKey } from "@tanstack/react-query";
import { whenScreenOpened } from "./feature";
import { queryClient } from "./query-provider";

/**
 * Starts one of a screen's first requests from its page module's `prefetch`, while the shell downloads and
 * renders: its answer then waits in the cache for the page's first render, so the page shows its content
 * at once rather than a loader and then the content. Never throws: a failure shows when the page renders.
 */
export function prefetchForScreen<TData, TKey extends QueryKey>(
  options: FetchQueryOptions<TData, Error, TData, TKey>,
) {
  void queryClient.prefetchQuery(options);
}

/**
 * refetchOnMount of a record that must be current when its screen opens: it is fetched again on mount,
 * unless its answer came after this screen was opened (prefetched for it a moment before).
 */
export const refetchUnlessFetchedForScreen = <TQuery extends Pick<Query, "state">>(query: TQuery) =>
  query.state.dataUpdatedAt >= whenScreenOpened() ? false : ("always" as const);
