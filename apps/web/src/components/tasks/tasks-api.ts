import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { TaskEntity, TaskInput, TaskUpdate } from "@visadesk/contract/tasks";
import { taskEndpoints } from "@visadesk/contract/tasks-endpoints";
import { userEndpoints } from "@visadesk/contract/users-endpoints";
import { call } from "@/lib/api-client";

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
  useTaskMutation((task: TaskInput) => call(taskEndpoints.add, { body: task }, { silent: true }));

export const useUpdateTask = () =>
  useTaskMutation(({ id, ...update }: TaskUpdate & { id: string }) =>
    call(taskEndpoints.update, { params: { id }, body: update }, { silent: true }),
  );

export const useDeleteTask = () =>
  useTaskMutation(async (id: string) => {
    await call(taskEndpoints.remove, { params: { id } }, { silent: true });
  });

/** GET tasks?entity=&entityId=: everyone's tasks about the record, open ones first, overdue first. */
export function useRecordTasks(entity: TaskEntity, entityId: string) {
  return useQuery({
    queryKey: [...TASKS_KEY, entity, entityId],
    queryFn: () => call(taskEndpoints.list, { query: { entity, entityId, pageSize: 100 } }, { silent: true }),
  });
}

/** The internal users a task can be assigned to: active Admin and Staff accounts (first 100 by name). */
export const useAssignees = ({ enabled }: { enabled: boolean }) =>
  useQuery({
    queryKey: ["internal-users", "assignees"],
    enabled,
    queryFn: async () => {
      const answer = await call(
        userEndpoints.list,
        { query: { role: "internal", page: 1, pageSize: 100, sort: "userName" } },
        { silent: true },
      );
      // Asked for a page, the list answers one (the whole list, an array, only when no page is asked).
      const users = Array.isArray(answer) ? answer : answer.data;
      return users.filter((user) => user.status === "active");
    },
  });
