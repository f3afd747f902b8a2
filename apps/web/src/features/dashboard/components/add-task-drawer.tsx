import { Button, Drawer, Group, NativeSelect, Stack, Textarea, TextInput } from "@mantine/core";
import { TASK_NOTES_MAX, TASK_TITLE_MAX, taskMessages } from "@visadesk/contract/tasks";
import dayjs from "dayjs";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { useAuth } from "@/lib/auth";
import { applyServerFieldErrors, fieldsOf } from "@/lib/form-errors";
import { fieldErrorsOf } from "@/lib/http";
import { notify } from "@/lib/toast";
import { useAddTask, useAssignees } from "../api/tasks";
import { type RecordLink, RecordPicker } from "./record-picker";

interface TaskForm {
  title: string;
  dueDate: string;
  notes: string;
  assignee: string;
}

const blank = (assignee: string): TaskForm => ({
  title: "",
  dueDate: dayjs().format("YYYY-MM-DD"),
  notes: "",
  assignee,
});

/**
 * Spec section 2: "+ Add Task" opens a side panel. The task is saved for good and assigned to an internal
 * user (the signed-in one unless another is chosen); it shows under My tasks and in the assignee's bell.
 */
export function AddTaskDrawer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { user } = useAuth();
  const me = typeof user?.guidId === "string" ? user.guidId : "";
  const assignees = useAssignees({ enabled: opened });
  const addTask = useAddTask();
  const form = useForm<TaskForm>({ defaultValues: blank(me) });
  const [link, setLink] = useState<RecordLink | null>(null);
  const [linkError, setLinkError] = useState<string>();
  const { errors } = form.formState;

  useEffect(() => {
    if (opened) {
      form.reset(blank(me));
      setLink(null);
      setLinkError(undefined);
    }
  }, [opened, me, form]);

  const submit = form.handleSubmit(async (task) => {
    try {
      await addTask.mutateAsync({
        title: task.title,
        dueDate: task.dueDate,
        notes: task.notes || null,
        ...(task.assignee && task.assignee !== me ? { assignee: task.assignee } : {}),
        ...(link ?? {}),
      });
      notify.success(taskMessages.added);
      form.reset(blank(me));
      onClose();
    } catch (error) {
      const linkMessage = fieldErrorsOf(error).entityId;
      if (linkMessage) setLinkError(linkMessage);
      else if (!applyServerFieldErrors(error, fieldsOf(blank(me)), form.setError)) {
        notify.failure(taskMessages.saveFailed, error);
      }
    }
  });

  // "Me" first: the default, and the option shown before the others have loaded.
  const people = [
    { value: me, label: "Me" },
    ...(assignees.data ?? [])
      .filter((person) => person.guidId !== me)
      .map((person) => ({
        value: person.guidId,
        label: [person.firstName, person.lastName].filter(Boolean).join(" ") || person.userName,
      })),
  ];

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      title="Add Task"
      closeButtonProps={{ "aria-label": "Close Add Task" }}
    >
      <form onSubmit={submit} noValidate aria-label="Add Task">
        <Stack gap="md">
          <TextInput
            label="Task"
            withAsterisk
            maxLength={TASK_TITLE_MAX}
            error={errors.title?.message}
            {...form.register("title", {
              validate: (value) => value.trim().length > 0 || taskMessages.titleRequired,
            })}
          />
          <TextInput
            label="Due date"
            type="date"
            withAsterisk
            error={errors.dueDate?.message}
            {...form.register("dueDate", { required: taskMessages.dueDateInvalid })}
          />
          <NativeSelect
            label="Assignee"
            data={people}
            error={errors.assignee?.message}
            {...form.register("assignee")}
          />
          <RecordPicker
            value={link}
            error={linkError}
            onChange={(next) => {
              setLink(next);
              setLinkError(undefined);
            }}
          />
          <Textarea
            label="Notes"
            autosize
            minRows={3}
            maxLength={TASK_NOTES_MAX}
            error={errors.notes?.message}
            {...form.register("notes")}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
            <Button type="submit" loading={addTask.isPending}>
              Add Task
            </Button>
          </Group>
        </Stack>
      </form>
    </Drawer>
  );
}
