import { MutationCache, QueryClient } from "@tanstack/react-query";

/** Spec section 7: retry once, no refetch on window focus, 5-minute stale time. */
export const STALE_TIME_MS = 5 * 60 * 1000;

/** The dashboard's counts sit under this key; every saved change anywhere may change them. */
export const DASHBOARD_QUERY_KEY = ["dashboard"] as const;

export function createQueryClient() {
  const queryClient: QueryClient = new QueryClient({
    // After any successful save or delete the counts are stale: /home refetches them on its next visit.
    mutationCache: new MutationCache({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: DASHBOARD_QUERY_KEY }),
    }),
    defaultOptions: {
      queries: { retry: 1, refetchOnWindowFocus: false, staleTime: STALE_TIME_MS },
    },
  });
  return queryClient;
}
