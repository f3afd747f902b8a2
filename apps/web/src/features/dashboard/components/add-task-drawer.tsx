import { Button, Drawer, Group, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { notify } from "../../../lib/toast";

interface Task {
  title: string;
  dueDate: string;
  notes: string;
}

/**
 * Spec section 2: "+ Add Task" opens a side panel; nothing more is specified and no task store exists,
 * so tasks live in this panel for the visit (a personal scratch list).
 */
export function AddTaskDrawer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [tasks, setTasks] = useState<Task[]>([]);
  const form = useForm<Task>({ defaultValues: { title: "", dueDate: "", notes: "" } });
  const { errors } = form.formState;

  const submit = form.handleSubmit((task) => {
    setTasks((current) => [...current, { ...task, title: task.title.trim() }]);
    notify.success("Task added");
    form.reset();
  });

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
            error={errors.title?.message}
            {...form.register("title", {
              validate: (value) => value.trim().length > 0 || "Task is required",
            })}
          />
          <TextInput label="Due date" type="date" {...form.register("dueDate")} />
          <Textarea label="Notes" autosize minRows={3} {...form.register("notes")} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
            <Button type="submit">Add Task</Button>
          </Group>
        </Stack>
      </form>
      {tasks.length > 0 && (
        <Stack gap="xs" mt="lg" component="section" aria-label="Tasks added">
          <Text fw={600}>Tasks added</Text>
          {tasks.map((task, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: tasks are only appended, never reordered.
            <Text key={index} size="sm">
              {task.title}
              {task.dueDate && ` (due ${task.dueDate})`}
            </Text>
          ))}
        </Stack>
      )}
    </Drawer>
  );
}
