import {
  type DefaultError,
  type QueryKey,
  QueryObserver,
  type UseQueryOptions,
  type UseQueryResult,
  useQueryClient,
} from "@tanstack/react-query";
import { startTransition, useEffect, useReducer, useState } from "react";

const ignore = () => undefined;

/**
 * useQuery whose changes (a fetch starting, an answer, an error) render the component as a transition: in
 * slices between which the browser answers input and paints.
 *
 * useQuery reads its observer as a store, and React renders a store's change synchronously: on a list
 * screen every filter, button and the table's frame rendered again at each answer in one long task. Worse,
 * React checks a store once more when it subscribes, after the render was committed: an answer that came in
 * between (a prefetched record arriving while a form screen's code loaded) rendered the whole form again
 * in one task of 100 ms and more. This hook has no store: it reads the same observer, and the query cache's
 * events for its query, or a change it did not see while rendering, start the render instead.
 * What it leaves out of useQuery: suspense and throwing to an error boundary (the screens show their own).
 */
export function useQueryInSlices<
  TQueryFnData,
  TError = DefaultError,
  TData = TQueryFnData,
  TQueryKey extends QueryKey = QueryKey,
>(options: UseQueryOptions<TQueryFnData, TError, TData, TQueryKey>): UseQueryResult<TData, TError> {
  const client = useQueryClient();
  const [, rerender] = useReducer((count: number) => count + 1, 0);
  const defaulted = client.defaultQueryOptions(options);
  // As useQuery does: a query about to be fetched on mount already reads as fetching.
  defaulted._optimisticResults = "optimistic";
  const [observer] = useState(() => new QueryObserver(client, defaulted));
  const result = observer.getOptimisticResult(defaulted);
  const hash = defaulted.queryHash;
  const seen = client.getQueryCache().get(hash)?.state;

  // Before the observer's subscription, which may start the fetch: its first event is heard.
  useEffect(
    () =>
      client.getQueryCache().subscribe((event) => {
        if (event.type === "updated" && event.query.queryHash === hash) startTransition(rerender);
      }),
    [client, hash],
  );
  useEffect(() => observer.setOptions(defaulted), [observer, defaulted]);
  useEffect(() => observer.subscribe(ignore), [observer]);
  // What changed between this render and its effects (no event was heard then) renders again, in slices.
  useEffect(() => {
    if (client.getQueryCache().get(hash)?.state !== seen) startTransition(rerender);
  }, [client, hash, seen]);
  return result as UseQueryResult<TData, TError>;
}
