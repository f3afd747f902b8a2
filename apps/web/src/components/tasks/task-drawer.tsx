import { Button, Drawer, Group, NativeSelect, Stack, TextInput } from "@mantine/core";
import type { Task } from "@visadesk/contract/tasks";
import { TASK_NOTES_MAX, TASK_TITLE_MAX, taskMessages } from "@visadesk/contract/tasks-constants";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { GrowingTextarea } from "@/components/growing-textarea";
import { useAuth } from "@/lib/auth";
import { applyServerFieldErrors, fieldsOf } from "@/lib/form-errors";
import { fieldErrorsOf } from "@/lib/http";
import { usePublicSettings } from "@/lib/public-settings";
import { notify } from "@/lib/toast";
import { type RecordLink, RecordPicker } from "./record-picker";
import { useAddTask, useAssignees, useUpdateTask } from "./tasks-api";

interface TaskFormValues {
  title: string;
  dueDate: string;
  notes: string;
  assignee: string;
}

/** Today in the business time zone, where the server counts a task overdue (else the browser's). */
const todayIn = (timeZone: string | undefined) =>
  new Intl.DateTimeFormat("en-CA", timeZone ? { timeZone } : {}).format(new Date());

const blank = (assignee: string, timeZone?: string): TaskFormValues => ({
  title: "",
  dueDate: todayIn(timeZone),
  notes: "",
  assignee,
});

const formOf = (task: Task): TaskFormValues => ({
  title: task.title,
  dueDate: task.dueDate,
  notes: task.notes ?? "",
  assignee: task.assignee.guidId,
});

export interface TaskDrawerProps {
  opened: boolean;
  onClose: () => void;
  /** The task to edit; without it the drawer adds one. */
  task?: Task | undefined;
  /** The record a new task is about at first (the record whose History tab adds it). */
  about?: RecordLink | undefined;
}

/**
 * "+ Add Task" opens a side panel. The task is saved for good and assigned to an internal
 * user (the signed-in one unless another is chosen); it shows under My tasks and in the assignee's bell.
 * The same panel edits a task: its title, due date, assignee, record and notes.
 */
export function TaskDrawer({ opened, onClose, task, about }: TaskDrawerProps) {
  const title = task ? "Edit task" : "Add Task";
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      title={title}
      closeButtonProps={{ "aria-label": `Close ${title}` }}
    >
      {/* Built at each opening, from the task (or blank): nothing is asked for while it is closed. */}
      {opened ? <TaskForm title={title} onClose={onClose} task={task} about={about} /> : null}
    </Drawer>
  );
}

function TaskForm({ title, onClose, task, about }: Omit<TaskDrawerProps, "opened"> & { title: string }) {
  const { user } = useAuth();
  const me = typeof user?.guidId === "string" ? user.guidId : "";
  const { businessTimeZone } = usePublicSettings();
  const assignees = useAssignees({ enabled: true });
  const addTask = useAddTask();
  const updateTask = useUpdateTask();
  const form = useForm<TaskFormValues>({ defaultValues: task ? formOf(task) : blank(me, businessTimeZone) });
  const [link, setLink] = useState<RecordLink | null>(task ? task.link : (about ?? null));
  const [linkError, setLinkError] = useState<string>();
  const { errors } = form.formState;
  // The business time zone may arrive after the form: a new task's due date follows it until touched.
  useEffect(() => {
    if (!task && !form.formState.dirtyFields.dueDate) form.setValue("dueDate", todayIn(businessTimeZone));
  }, [task, form, businessTimeZone]);

  const submit = form.handleSubmit(async (values) => {
    try {
      if (task) {
        await updateTask.mutateAsync({
          id: task.id,
          title: values.title,
          dueDate: values.dueDate,
          notes: values.notes || null,
          assignee: values.assignee,
          entity: link?.entity ?? null,
          entityId: link?.entityId ?? null,
        });
        notify.success(taskMessages.saved);
      } else {
        await addTask.mutateAsync({
          title: values.title,
          dueDate: values.dueDate,
          notes: values.notes || null,
          ...(values.assignee && values.assignee !== me ? { assignee: values.assignee } : {}),
          ...(link ?? {}),
        });
        notify.success(taskMessages.added);
      }
      form.reset(blank(me, businessTimeZone));
      onClose();
    } catch (error) {
      const linkMessage = fieldErrorsOf(error).entityId;
      if (linkMessage) setLinkError(linkMessage);
      else if (!applyServerFieldErrors(error, fieldsOf(blank(me)), form.setError)) {
        notify.failure(taskMessages.saveFailed, error);
      }
    }
  });

  // "Me" first: the default, and the option shown before the others have loaded; a task's own assignee
  // stays an option even when no longer among the active ones.
  const people = [
    { value: me, label: "Me" },
    ...(task && task.assignee.guidId !== me
      ? [{ value: task.assignee.guidId, label: task.assignee.name }]
      : []),
    ...(assignees.data ?? [])
      .filter((person) => person.guidId !== me && person.guidId !== task?.assignee.guidId)
      .map((person) => ({
        value: person.guidId,
        label: [person.firstName, person.lastName].filter(Boolean).join(" ") || person.userName,
      })),
  ];

  return (
    <form onSubmit={submit} noValidate aria-label={title}>
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
        <GrowingTextarea
          label="Notes"
          minRows={3}
          maxLength={TASK_NOTES_MAX}
          error={errors.notes?.message}
          {...form.register("notes")}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          <Button type="submit" loading={addTask.isPending || updateTask.isPending}>
            {task ? "Save task" : "Add Task"}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
