import { queryOptions } from "@tanstack/react-query";
import type { DashboardOverview } from "@visadesk/contract/dashboard";
import { dashboardEndpoints } from "@visadesk/contract/dashboard-endpoints";
import { call } from "@/lib/api-client";
import { DASHBOARD_QUERY_KEY } from "@/lib/query-client";
import { useQueryInSlices } from "@/lib/use-query-in-slices";

/** GET Dashboard/overview: what needs doing, in one request. */
export async function getDashboardOverview(): Promise<DashboardOverview> {
  return call(dashboardEndpoints.overview, {}, { silent: true });
}

export const dashboardOverviewQueryOptions = () =>
  queryOptions({ queryKey: [...DASHBOARD_QUERY_KEY, "overview"], queryFn: getDashboardOverview });

export const useDashboardOverview = ({ enabled }: { enabled: boolean }) =>
  useQueryInSlices({ ...dashboardOverviewQueryOptions(), enabled });
