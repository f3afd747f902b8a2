import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { AuditPage } from "@visadesk/contract/audit";
import type { UserPage } from "@visadesk/contract/users";
import { http } from "@/lib/http";

export interface ActivityFilters {
  actorId: string;
  entity: string;
  action: string;
  /** YYYY-MM-DD, inclusive. */
  from: string;
  /** YYYY-MM-DD, inclusive (sent as the next day, which the API excludes). */
  to: string;
  /** Text in a person's or a record's name; sent from 2 characters on (the API's minimum). */
  search: string;
}

export const ACTIVITY_PAGE_SIZE = 25;

/** The filters as the audit routes take them: empty ones left out, the last day included whole. */
export function activityQuery(filters: ActivityFilters): Record<string, string> {
  const query: Record<string, string> = {};
  if (filters.actorId) query.actorId = filters.actorId;
  if (filters.entity) query.entity = filters.entity;
  if (filters.action) query.action = filters.action;
  if (filters.from) query.from = filters.from;
  if (filters.search.trim().length >= 2) query.search = filters.search.trim();
  if (filters.to) {
    const next = new Date(`${filters.to}T00:00:00Z`);
    next.setUTCDate(next.getUTCDate() + 1);
    query.to = next.toISOString().slice(0, 10);
  }
  return query;
}

/** GET audit: the whole feed (Admin), newest first, one page. */
export function useActivity(filters: ActivityFilters, page: number) {
  return useQuery({
    queryKey: ["activity", filters, page],
    queryFn: async () =>
      (
        await http.get<AuditPage>("audit", {
          params: { ...activityQuery(filters), page, pageSize: ACTIVITY_PAGE_SIZE },
          silent: true,
        })
      ).data,
    placeholderData: keepPreviousData,
  });
}

/** The internal accounts, for the "Person" filter. */
export function usePeople() {
  return useQuery({
    queryKey: ["activity", "people"],
    queryFn: async () =>
      (
        await http.get<UserPage>("User/users", {
          params: { role: "internal", page: 1, pageSize: 100 },
          silent: true,
        })
      ).data.data,
  });
}

/** GET audit/export with the filters: the CSV file, saved by the browser. */
export async function downloadActivityCsv(filters: ActivityFilters) {
  const response = await http.get<Blob>("audit/export", {
    params: activityQuery(filters),
    responseType: "blob",
  });
  const url = URL.createObjectURL(response.data);
  const link = document.createElement("a");
  link.href = url;
  link.download = `activity-${new Date().toISOString().slice(0, 10)}.csv`;
  link.click();
  URL.revokeObjectURL(url);
}
