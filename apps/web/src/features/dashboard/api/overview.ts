import { useQuery } from "@tanstack/react-query";
import type { DashboardOverview } from "@visadesk/contract/dashboard";
import { http } from "@/lib/http";
import { DASHBOARD_QUERY_KEY } from "@/lib/query-client";

/** GET Dashboard/overview: what needs doing, in one request. */
export async function getDashboardOverview(): Promise<DashboardOverview> {
  return (await http.get<DashboardOverview>("Dashboard/overview", { silent: true })).data;
}

export const useDashboardOverview = ({ enabled }: { enabled: boolean }) =>
  useQuery({ queryKey: [...DASHBOARD_QUERY_KEY, "overview"], queryFn: getDashboardOverview, enabled });
