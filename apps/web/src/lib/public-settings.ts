import { queryOptions, useQuery } from "@tanstack/react-query";
import type { PublicSettings } from "@visadesk/contract/settings";
import { http } from "./http";

/**
 * GET settings/public, read once per visit: the footer's company and the business time zone come from
 * the server's settings, so the same build serves any deployment.
 */
export const publicSettingsQueryOptions = queryOptions({
  queryKey: ["settings", "public"],
  queryFn: async () => (await http.get<PublicSettings>("settings/public", { silent: true })).data,
  staleTime: Number.POSITIVE_INFINITY,
  retry: false,
});

export const usePublicSettings = () => useQuery(publicSettingsQueryOptions);
