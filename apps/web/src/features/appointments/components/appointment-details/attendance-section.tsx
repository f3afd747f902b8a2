import { Alert, Box, Button, Group, Text } from "@mantine/core";
import type { Appointment } from "@visadesk/contract/appointments";
import {
  ATTENDANCE_VALUES,
  type Attendance,
  attendanceRefusal,
} from "@visadesk/contract/scheduling-constants";
import { useState } from "react";
import { errorMessage } from "@/lib/http";
import { notify } from "@/lib/toast";
import type { useRecordAttendance } from "../../api/record-attendance";
import { ACTION_COLOR, ATTENDANCE_LABELS } from "../../format";

/** Whether the app user came, and the buttons that record it once the appointment has started. */
export function AttendanceSection({
  appointment,
  attendance,
  busy,
  idPrefix,
  onChanged,
}: {
  appointment: Appointment;
  attendance: ReturnType<typeof useRecordAttendance>;
  /** Another action of the dialog is under way. */
  busy: boolean;
  idPrefix: string;
  onChanged: (appointment: Appointment) => void;
}) {
  const [attendanceError, setAttendanceError] = useState<string | null>(null);
  // Only the values the server's rule allows now: none before the start, never a no-show once cancelled.
  const offered = ATTENDANCE_VALUES.filter((value) => !attendanceRefusal(value, appointment, new Date()));

  // The server decides whether it may be recorded yet (only once the appointment has started) and says why not.
  const markAttendance = async (value: Attendance) => {
    setAttendanceError(null);
    try {
      onChanged(await attendance.mutateAsync({ id: appointment.id, attendance: value }));
      notify.success(`Attendance recorded: ${ATTENDANCE_LABELS[value]}`);
    } catch (error) {
      setAttendanceError(errorMessage(error));
    }
  };

  return (
    <Box>
      <Text size="sm" c="dimmed" id={`${idPrefix}-appointment-attendance-heading`}>
        Attendance
      </Text>
      <Text>{appointment.attendance ? ATTENDANCE_LABELS[appointment.attendance] : "Not recorded"}</Text>
      {offered.length === 0 ? (
        <Text size="sm" c="dimmed">
          {attendanceRefusal("Attended", appointment, new Date())}
        </Text>
      ) : null}
      <Group gap="xs" mt={4} role="group" aria-labelledby={`${idPrefix}-appointment-attendance-heading`}>
        {offered.map((value) => (
          <Button
            key={value}
            size="xs"
            variant={appointment.attendance === value ? "filled" : "outline"}
            color={ACTION_COLOR}
            aria-pressed={appointment.attendance === value}
            onClick={() => markAttendance(value)}
            loading={attendance.isPending && attendance.variables?.attendance === value}
            disabled={busy}
          >
            Mark {ATTENDANCE_LABELS[value]}
          </Button>
        ))}
      </Group>
      {attendanceError ? (
        <Alert color="red" mt="xs" role="alert">
          {attendanceError}
        </Alert>
      ) : null}
    </Box>
  );
}
