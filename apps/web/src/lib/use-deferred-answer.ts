import { useDeferredValue } from "react";

/**
 * A query whose new answer renders as a transition: in slices the browser can interleave with input and
 * paint, not in one long task (a query's answer otherwise re-renders its screen synchronously). Until the
 * slices are done the previous answer stays, or, with none yet, the query still reads as pending.
 */
export function useDeferredAnswer<Q extends { data?: unknown; isPending: boolean }>(query: Q): Q {
  const data = useDeferredValue(query.data);
  return { ...query, data, isPending: query.isPending || (data === undefined && query.data !== undefined) };
}
