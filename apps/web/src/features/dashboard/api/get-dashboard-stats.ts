import { queryOptions, useQuery } from "@tanstack/react-query";
import type { DashboardStats } from "@visadesk/contract/dashboard";
import { dashboardEndpoints } from "@visadesk/contract/dashboard-endpoints";
import { call } from "@/lib/api-client";
import { DASHBOARD_QUERY_KEY } from "@/lib/query-client";

/** Missing values default to 0. */
const withDefaults = (answer: Partial<DashboardStats> | null | undefined): DashboardStats => ({
  consultants: answer?.consultants ?? 0,
  appUsers: answer?.appUsers ?? 0,
  systemUsers: answer?.systemUsers ?? 0,
  appUserAppoints: answer?.appUserAppoints ?? 0,
  newUsersInMonth: answer?.newUsersInMonth ?? 0,
});

/** GET Dashboard/stats; silent because the dashboard shows its own toast. */
export async function getDashboardStats(): Promise<DashboardStats> {
  return withDefaults(await call(dashboardEndpoints.stats, {}, { silent: true }));
}

export const dashboardStatsQueryOptions = () =>
  queryOptions({ queryKey: [...DASHBOARD_QUERY_KEY, "stats"], queryFn: getDashboardStats });

/** The stats call is made only when authenticated. */
export const useDashboardStats = ({ enabled }: { enabled: boolean }) =>
  useQuery({ ...dashboardStatsQueryOptions(), enabled });
