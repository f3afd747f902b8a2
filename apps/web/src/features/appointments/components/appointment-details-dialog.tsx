import { Button, Divider, Group, Stack, Text } from "@mantine/core";
import { IconBell, IconNotes } from "@tabler/icons-react";
import type { Appointment } from "@visadesk/contract/appointments";
import { appointmentMessages as messages } from "@visadesk/contract/appointments-constants";
import { useId } from "react";
import { Dialog } from "@/components/dialog";
import { RecordTabs } from "@/components/record-tabs";
import { openSidePanel, useShowRecord } from "@/lib/record-on-screen";
import { useRecordAttendance } from "../api/record-attendance";
import { useSendReminder } from "../api/send-reminder";
import { useUpdateAppointment } from "../api/update-appointment";
import {
  AppointmentParties,
  AppointmentProgress,
  AppointmentWhen,
} from "./appointment-details/appointment-summary";
import { AttendanceSection } from "./appointment-details/attendance-section";
import { QuickActions } from "./appointment-details/quick-actions";

interface AppointmentDetailsDialogProps {
  opened: boolean;
  appointment: Appointment | null;
  onClose: () => void;
  /** Reschedule: the edit dialog takes over. */
  onReschedule: (appointment: Appointment) => void;
  /** A quick action changed the appointment: the dialog shows the stored result. */
  onChanged: (appointment: Appointment) => void;
}

/**
 * The Appointment Details dialog with its quick actions. While it is open the appointment
 * is the record on screen: the side panel's Notes and Alerts are about it, and the dialog opens them.
 */
export function AppointmentDetailsDialog(props: AppointmentDetailsDialogProps) {
  const guidId = props.opened ? props.appointment?.guidId : undefined;
  useShowRecord(guidId ? { entity: "appointment", entityId: guidId } : null);
  return (
    <Dialog
      opened={props.opened}
      onClose={props.onClose}
      title="Appointment Details"
      size="lg"
      closeButtonProps={{ "aria-label": "Close" }}
    >
      {props.appointment ? (
        <RecordTabs
          entity="appointment"
          entityId={props.appointment.guidId}
          actions={
            <Group gap="xs">
              <Button
                size="xs"
                variant="default"
                leftSection={<IconNotes size={14} aria-hidden />}
                onClick={() => openSidePanel("notes")}
              >
                Notes
              </Button>
              <Button
                size="xs"
                variant="default"
                leftSection={<IconBell size={14} aria-hidden />}
                onClick={() => openSidePanel("alerts")}
              >
                Alerts
              </Button>
            </Group>
          }
        >
          <Details {...props} appointment={props.appointment} />
        </RecordTabs>
      ) : (
        <Text>{messages.noData}</Text>
      )}
    </Dialog>
  );
}

function Details({
  appointment,
  onReschedule,
  onChanged,
}: AppointmentDetailsDialogProps & { appointment: Appointment }) {
  const idPrefix = useId();
  // Owned here: while any of them runs, the dialog's other actions wait.
  const update = useUpdateAppointment();
  const reminder = useSendReminder();
  const attendance = useRecordAttendance();
  const busy = update.isPending || reminder.isPending || attendance.isPending;
  return (
    <Stack gap="md">
      <AppointmentWhen appointment={appointment} />
      <AppointmentParties appointment={appointment} />
      <AppointmentProgress appointment={appointment} idPrefix={idPrefix} />
      <AttendanceSection
        appointment={appointment}
        attendance={attendance}
        busy={busy}
        idPrefix={idPrefix}
        onChanged={onChanged}
      />
      <Divider />
      <QuickActions
        appointment={appointment}
        update={update}
        reminder={reminder}
        busy={busy}
        onReschedule={onReschedule}
        onChanged={onChanged}
      />
    </Stack>
  );
}
