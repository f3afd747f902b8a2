import { MutationCache, QueryClient } from "@tanstack/react-query";

/** Retry once, no refetch on window focus, 5-minute stale time. */
export const STALE_TIME_MS = 5 * 60 * 1000;

/** The dashboard's counts sit under this key; every saved change anywhere may change them. */
export const DASHBOARD_QUERY_KEY = ["dashboard"] as const;
/** The bell's notifications: a saved change (an approval, a confirmation, a task done) may clear one. */
export const NOTIFICATIONS_QUERY_KEY = ["notifications"] as const;

export function createQueryClient() {
  const queryClient: QueryClient = new QueryClient({
    // After any successful save or delete the counts are stale: /home refetches them on its next visit.
    mutationCache: new MutationCache({
      onSuccess: () => {
        void queryClient.invalidateQueries({ queryKey: DASHBOARD_QUERY_KEY });
        void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY });
      },
    }),
    defaultOptions: {
      // "always": a request made while the browser says it is offline fails at once with the transport's
      // "Network Error" instead of waiting, paused, for the network to return. A paused save would hang
      // on "Updating..." and then go through on its own, long after the person gave up on it.
      queries: { retry: 1, refetchOnWindowFocus: false, staleTime: STALE_TIME_MS, networkMode: "always" },
      mutations: { networkMode: "always" },
    },
  });
  return queryClient;
}
