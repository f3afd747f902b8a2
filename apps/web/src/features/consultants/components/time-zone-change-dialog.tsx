import { Button, Group, Stack, Table, Text } from "@mantine/core";
import type { TimeZoneChange } from "@visadesk/contract/consultants";
import { timeZoneChangeMessages as texts } from "@visadesk/contract/consultants-constants";
import { Dialog } from "@/components/dialog";

/** "7 Dec 2030 10:00": a wall-clock date and time as stored (formatted in UTC so no zone shifts the day). */
const local = (at: { appointmentDate: string; appointmentTime: string }) =>
  `${new Intl.DateTimeFormat("en-GB", {
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(`${at.appointmentDate}T00:00:00Z`))} ${at.appointmentTime.slice(0, 5)}`;

/**
 * Before a consultant is saved in another time zone: the upcoming appointments it moves on the clock (not in
 * time), each with its old and new local date and time. Cancel is focused first.
 */
export function TimeZoneChangeDialog({
  change,
  onConfirm,
  onCancel,
}: {
  change: TimeZoneChange | null;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Dialog
      opened={change !== null}
      onClose={onCancel}
      title={texts.title}
      closeButtonProps={{ "aria-label": "Close" }}
      size="lg"
      centered
    >
      {change ? (
        <Stack gap="md">
          <Text size="sm">{texts.explanation(change.from, change.to)}</Text>
          <Table striped withTableBorder aria-label="Appointments in the new time zone">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Customer</Table.Th>
                <Table.Th>{change.from}</Table.Th>
                <Table.Th>{change.to}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {change.appointments.map((appointment) => (
                <Table.Tr key={appointment.guidId}>
                  <Table.Td>{appointment.userEmail ?? "N/A"}</Table.Td>
                  <Table.Td>{local(appointment.from)}</Table.Td>
                  <Table.Td>{local(appointment.to)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel} data-autofocus>
              Cancel
            </Button>
            <Button color="indigo.8" onClick={onConfirm}>
              {texts.confirm}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Dialog>
  );
}
