import { QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { createQueryClient } from "./query-client";

/** One cache for the whole visit: every signed-in screen shares it, from one route to the next. */
export const queryClient = createQueryClient();

/**
 * The query cache's provider, given by the signed-in shell (layout.tsx): only signed-in screens query, so
 * the public pages, where a visit starts, load no query library.
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
