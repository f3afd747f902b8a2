import {
  type DefaultError,
  hashKey,
  type QueryKey,
  type UseQueryOptions,
  type UseQueryResult,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { startTransition, useEffect, useReducer } from "react";

/**
 * useQuery whose changes (a fetch starting, an answer, an error) render the component as a transition: in
 * slices between which the browser answers input and paints. useQuery's own subscription is a store's, and
 * React renders a store's change synchronously: on a list screen, every filter, button and the table's
 * frame rendered again at each answer, in one long task. This one is never told by that subscription; the
 * query cache's events for its query start the render instead.
 */
export function useQueryInSlices<
  TQueryFnData,
  TError = DefaultError,
  TData = TQueryFnData,
  TQueryKey extends QueryKey = QueryKey,
>(options: UseQueryOptions<TQueryFnData, TError, TData, TQueryKey>): UseQueryResult<TData, TError> {
  const client = useQueryClient();
  const [, rerender] = useReducer((count: number) => count + 1, 0);
  const hash = hashKey(options.queryKey);
  // Before useQuery's effects, which start the fetch: its first event is heard.
  useEffect(
    () =>
      client.getQueryCache().subscribe((event) => {
        if (event.type === "updated" && event.query.queryHash === hash) startTransition(rerender);
      }),
    [client, hash],
  );
  return useQuery({ ...options, notifyOnChangeProps: [] });
}
