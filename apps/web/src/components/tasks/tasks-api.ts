import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Task, TaskEntity, TaskInput, TaskPage, TaskUpdate } from "@visadesk/contract/tasks";
import type { UserPage } from "@visadesk/contract/users";
import { http } from "@/lib/http";

/** Every list of tasks (a record's), and the histories a task's change is written in. */
export const TASKS_KEY = ["tasks"] as const;
const HISTORY_KEY = ["history"] as const;

/**
 * After a task is saved or deleted the lists that show it are read again: a record's tasks and its
 * history here, the dashboard and the bell through the shared mutation cache.
 */
function useTaskMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: TASKS_KEY }),
        queryClient.invalidateQueries({ queryKey: HISTORY_KEY }),
      ]),
  });
}

export const useAddTask = () =>
  useTaskMutation(async (task: TaskInput) => (await http.post<Task>("tasks", task, { silent: true })).data);

export const useUpdateTask = () =>
  useTaskMutation(
    async ({ id, ...update }: TaskUpdate & { id: string }) =>
      (await http.put<Task>(`tasks/${encodeURIComponent(id)}`, update, { silent: true })).data,
  );

export const useDeleteTask = () =>
  useTaskMutation(async (id: string) => {
    await http.delete(`tasks/${encodeURIComponent(id)}`, { silent: true });
  });

/** GET tasks?entity=&entityId=: everyone's tasks about the record, open ones first, overdue first. */
export function useRecordTasks(entity: TaskEntity, entityId: string) {
  return useQuery({
    queryKey: [...TASKS_KEY, entity, entityId],
    queryFn: async () =>
      (
        await http.get<TaskPage>("tasks", {
          params: { entity, entityId, pageSize: 100 },
          silent: true,
        })
      ).data,
  });
}

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
