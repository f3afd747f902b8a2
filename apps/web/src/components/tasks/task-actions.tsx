import { Button, Group } from "@mantine/core";
import type { Task } from "@visadesk/contract/tasks";
import { taskMessages } from "@visadesk/contract/tasks-constants";
import { useState } from "react";
import { notify } from "@/lib/toast";
import { ConfirmDialog } from "../confirm-dialog";
import { LazyTaskDrawer } from "./lazy-task-drawer";
import { useDeleteTask, useUpdateTask } from "./tasks-api";

/**
 * What can be done to one task where it is listed: edit it, mark it done or reopen it (unless the list
 * has its own tick for that), delete it after a confirmation. Each button names its task for a screen reader.
 */
export function TaskActions({ task, withDone = true }: { task: Task; withDone?: boolean }) {
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const update = useUpdateTask();
  const remove = useDeleteTask();
  const toggle = () =>
    update.mutate(
      { id: task.id, done: !task.done },
      { onError: (error) => notify.failure(taskMessages.updateFailed, error) },
    );
  const confirmDelete = () =>
    remove.mutate(task.id, {
      onSuccess: () => {
        setDeleting(false);
        notify.success(taskMessages.deleted);
      },
      onError: (error) => notify.failure(taskMessages.deleteFailed, error),
    });

  return (
    <Group gap={4} wrap="nowrap">
      {withDone ? (
        <Button
          size="compact-xs"
          variant="subtle"
          onClick={toggle}
          loading={update.isPending}
          aria-label={`${task.done ? "Reopen" : "Mark done"} ${task.title}`}
        >
          {task.done ? "Reopen" : "Mark done"}
        </Button>
      ) : null}
      <Button
        size="compact-xs"
        variant="subtle"
        onClick={() => setEditing(true)}
        aria-label={`Edit ${task.title}`}
      >
        Edit
      </Button>
      <Button
        size="compact-xs"
        variant="subtle"
        color="red.9"
        onClick={() => setDeleting(true)}
        aria-label={`Delete ${task.title}`}
      >
        Delete
      </Button>
      <LazyTaskDrawer opened={editing} onClose={() => setEditing(false)} task={task} />
      <ConfirmDialog
        opened={deleting}
        title="Delete task"
        message="Are you sure you want to delete this task?"
        details={task.title}
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(false)}
      />
    </Group>
  );
}
