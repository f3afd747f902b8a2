import { Button, Group, Stack, Text } from "@mantine/core";
import type { Appointment } from "@visadesk/contract/appointments";
import { appointmentMessages as messages } from "@visadesk/contract/appointments-constants";
import { serverMessages } from "@visadesk/contract/common-constants";
import { Dialog } from "@/components/dialog";
import { isStaleVersion } from "@/lib/record-version";
import { notify } from "@/lib/toast";
import { useDeleteAppointment } from "../api/delete-appointment";
import { shortDate, shortTime } from "../format";

interface DeleteAppointmentDialogProps {
  opened: boolean;
  appointment: Appointment | null;
  onClose: () => void;
}

/** The Confirm Delete dialog: the date and time, the question and the warning. */
export function DeleteAppointmentDialog({ opened, appointment, onClose }: DeleteAppointmentDialogProps) {
  const remove = useDeleteAppointment();

  const confirm = async () => {
    if (!appointment) return;
    try {
      await remove.mutateAsync(appointment);
      notify.success(messages.deleted);
      onClose();
    } catch (error) {
      if (!isStaleVersion(error)) return notify.error(messages.deleteFailed);
      // Changed since it was shown: nothing is deleted; the list (reloaded) shows it as it is now.
      notify.error(serverMessages.staleVersion);
      onClose();
    }
  };

  return (
    <Dialog
      opened={opened}
      onClose={onClose}
      title="Confirm Delete"
      closeButtonProps={{ "aria-label": "Close" }}
    >
      {appointment ? (
        <Stack gap="sm">
          <Text fw={600}>
            {shortDate(appointment.appointmentDate)} at {shortTime(appointment.appointmentTime)}
          </Text>
          <Text>{messages.deleteQuestion}</Text>
          <Text c="var(--mantine-color-error)" size="sm">
            {messages.deleteWarning}
          </Text>
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose} disabled={remove.isPending}>
              Cancel
            </Button>
            <Button color="red.9" onClick={confirm} loading={remove.isPending}>
              Delete
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Dialog>
  );
}
