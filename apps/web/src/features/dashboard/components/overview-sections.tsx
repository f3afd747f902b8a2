import { Anchor, Badge, Checkbox, Group, Paper, Stack, Table, Text, Title } from "@mantine/core";
import type { DashboardAppointment, DashboardOverview } from "@visadesk/contract/dashboard";
import type { Task } from "@visadesk/contract/tasks";
import { type ReactNode, useState } from "react";
import { Link } from "react-router";
import { TaskActions } from "@/components/tasks/task-actions";
import { useUpdateTask } from "@/components/tasks/tasks-api";
import { formatCount } from "@/lib/format-number";
import { paths } from "@/lib/paths";
import { notify } from "@/lib/toast";

const STATUS_COLORS = { Pending: "yellow", Confirmed: "green", Cancelled: "gray" } as const;

/** One titled block of the overview; `headingId` names its content for assistive technology. */
export function Section({
  title,
  headingId,
  total,
  children,
}: {
  title: string;
  headingId: string;
  total?: number;
  children: ReactNode;
}) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={headingId}>
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4" id={headingId}>
          {title}
        </Title>
        {total !== undefined && <Text size="sm">{formatCount(total)} in all</Text>}
      </Group>
      {children}
    </Paper>
  );
}

const appointmentsLink = (item: DashboardAppointment) =>
  item.customerEmail
    ? `${paths.appointments.list}?${new URLSearchParams({ search: item.customerEmail })}`
    : paths.appointments.list;

/** Appointments as a table: date (unless all are today's), time, customer, consultant, status. */
export function AppointmentTable({
  items,
  empty,
  withDate = false,
  label,
}: {
  items: DashboardAppointment[];
  empty: string;
  withDate?: boolean;
  label: string;
}) {
  if (items.length === 0) return <Text size="sm">{empty}</Text>;
  return (
    <Table.ScrollContainer type="native" minWidth={420}>
      <Table aria-label={label} striped>
        <Table.Thead>
          <Table.Tr>
            {withDate ? <Table.Th>Date</Table.Th> : null}
            <Table.Th>Time</Table.Th>
            <Table.Th>Customer</Table.Th>
            <Table.Th>Consultant</Table.Th>
            <Table.Th>Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr key={item.id}>
              {withDate ? <Table.Td>{item.date}</Table.Td> : null}
              <Table.Td>{item.time}</Table.Td>
              <Table.Td>
                <Anchor
                  component={Link}
                  to={appointmentsLink(item)}
                  c="var(--mantine-color-anchor)"
                  size="sm"
                >
                  {item.customer}
                </Anchor>
              </Table.Td>
              <Table.Td>{item.consultant}</Table.Td>
              <Table.Td>
                <Badge color={STATUS_COLORS[item.status]} variant="light" c="var(--mantine-color-text)">
                  {item.status}
                </Badge>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Internal accounts waiting for an Admin's decision; each opens the Internal Users list at it. */
export function RegistrationsWaiting({
  list,
}: {
  list: NonNullable<DashboardOverview["registrationsWaiting"]>;
}) {
  if (list.data.length === 0) return <Text size="sm">No registration is waiting.</Text>;
  return (
    <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: "none" }}>
      {list.data.map((person) => (
        <Group key={person.id} component="li" justify="space-between" wrap="nowrap">
          <Anchor
            component={Link}
            to={paths.internalUsers.view(person.id)}
            c="var(--mantine-color-anchor)"
            size="sm"
          >
            {person.name} ({person.email})
          </Anchor>
          <Text size="sm">{person.role}</Text>
        </Group>
      ))}
    </Stack>
  );
}

/** The signed-in person's open tasks, overdue first; ticking one marks it done; each can be edited or deleted. */
export function MyTasks({ tasks }: { tasks: Task[] }) {
  const update = useUpdateTask();
  // Ticks stay as the person left them until the list read again no longer holds the task.
  const [ticked, setTicked] = useState<Record<string, boolean>>({});
  if (tasks.length === 0) return <Text size="sm">No open tasks. Add one with "+ Add Task".</Text>;
  const tick = (id: string, done: boolean) => setTicked((all) => ({ ...all, [id]: done }));
  return (
    <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: "none" }} aria-label="My tasks">
      {tasks.map((task) => (
        <Group key={task.id} component="li" justify="space-between" wrap="nowrap" align="flex-start">
          <Checkbox
            label={task.title}
            description={task.notes ?? undefined}
            checked={ticked[task.id] ?? task.done}
            onChange={(event) => {
              const done = event.currentTarget.checked;
              tick(task.id, done);
              update.mutate(
                { id: task.id, done },
                {
                  onError: (error) => {
                    tick(task.id, !done);
                    notify.failure("The task could not be updated", error);
                  },
                },
              );
            }}
          />
          <Group gap="xs" wrap="nowrap">
            {task.overdue ? (
              <Badge color="red" variant="light" c="var(--mantine-color-text)">
                Overdue
              </Badge>
            ) : null}
            <Text size="sm">Due {task.dueDate}</Text>
            <TaskActions task={task} withDone={false} />
          </Group>
        </Group>
      ))}
    </Stack>
  );
}
