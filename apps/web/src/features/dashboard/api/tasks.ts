import { useMutation, useQuery } from "@tanstack/react-query";
import type { DashboardOverview } from "@visadesk/contract/dashboard";
import type { Task, TaskInput, TaskUpdate } from "@visadesk/contract/tasks";
import type { UserPage } from "@visadesk/contract/users";
import { http } from "@/lib/http";
import { DASHBOARD_QUERY_KEY } from "@/lib/query-client";

/** GET Dashboard/overview: what needs doing, in one request. */
export async function getDashboardOverview(): Promise<DashboardOverview> {
  return (await http.get<DashboardOverview>("Dashboard/overview", { silent: true })).data;
}

export const useDashboardOverview = ({ enabled }: { enabled: boolean }) =>
  useQuery({ queryKey: [...DASHBOARD_QUERY_KEY, "overview"], queryFn: getDashboardOverview, enabled });

/** Saves go through the shared mutation cache, which reads the dashboard (and the bell) again after. */
export const useAddTask = () =>
  useMutation({
    mutationFn: async (task: TaskInput) => (await http.post<Task>("tasks", task, { silent: true })).data,
  });

export const useUpdateTask = () =>
  useMutation({
    mutationFn: async ({ id, ...update }: TaskUpdate & { id: string }) =>
      (await http.put<Task>(`tasks/${encodeURIComponent(id)}`, update, { silent: true })).data,
  });

/** The internal users a task can be assigned to: active Admin and Staff accounts (first 100 by name). */
export const useAssignees = ({ enabled }: { enabled: boolean }) =>
  useQuery({
    queryKey: ["internal-users", "assignees"],
    enabled,
    queryFn: async () => {
      const answer = await http.get<UserPage>("User/users", {
        params: { role: "internal", page: 1, pageSize: 100, sort: "userName" },
        silent: true,
      });
      return answer.data.data.filter((user) => user.status === "active");
    },
  });
