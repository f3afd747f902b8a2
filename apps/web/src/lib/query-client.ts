import { QueryClient } from "@tanstack/react-query";

/** Spec section 7: retry once, no refetch on window focus, 5-minute stale time. */
export const STALE_TIME_MS = 5 * 60 * 1000;

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: 1, refetchOnWindowFocus: false, staleTime: STALE_TIME_MS },
    },
  });
}
