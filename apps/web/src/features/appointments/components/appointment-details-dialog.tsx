// Its Mantine styles come with it: the screens that do not use it never load them.
import "@mantine/core/styles/Modal.css";
import {
  Alert,
  Box,
  Button,
  Divider,
  Group,
  List,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Title,
} from "@mantine/core";
import { IconBell, IconCalendarEvent, IconCircleCheck, IconCircleX, IconNotes } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import {
  type Appointment,
  type AppointmentReminder,
  cancellationReasonSchema,
} from "@visadesk/contract/appointments";
import {
  CANCELLATION_REASON_MAX_LENGTH,
  appointmentMessages as messages,
} from "@visadesk/contract/appointments-constants";
import { serverMessages } from "@visadesk/contract/common-constants";
import { ATTENDANCE_VALUES, type Attendance, attendanceRefusal } from "@visadesk/contract/scheduling";
import { type ReactNode, useId, useState } from "react";
import { RecordTabs } from "@/components/record-tabs";
import { errorMessage } from "@/lib/http";
import { openSidePanel, useShowRecord } from "@/lib/record-on-screen";
import { isStaleVersion } from "@/lib/record-version";
import { notify } from "@/lib/toast";
import { appointmentsQueryOptions } from "../api/get-appointments";
import { useRecordAttendance } from "../api/record-attendance";
import { useSendReminder } from "../api/send-reminder";
import { useUpdateAppointment } from "../api/update-appointment";
import { updateBodyOf } from "../appointment-body";
import {
  ACTION_COLOR,
  ATTENDANCE_LABELS,
  consultantLabel,
  customerLabel,
  longDate,
  reminderLead,
  shortTime,
  stampTime,
} from "../format";
import { timeInZone, zonesDiffer } from "../time-zones";
import { CustomerBookingBadge } from "./customer-booking-badge";
import { customerNameLabel } from "./customer-cell";
import { OutsideHoursBadge } from "./outside-hours-badge";
import { StatusBadge } from "./status-badge";

interface AppointmentDetailsDialogProps {
  opened: boolean;
  appointment: Appointment | null;
  onClose: () => void;
  /** Reschedule: the edit dialog takes over. */
  onReschedule: (appointment: Appointment) => void;
  /** A quick action changed the appointment: the dialog shows the stored result. */
  onChanged: (appointment: Appointment) => void;
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <Text component="dt" size="sm" c="dimmed">
        {term}
      </Text>
      <Text component="dd" m={0} style={{ overflowWrap: "anywhere" }}>
        {children}
      </Text>
    </div>
  );
}

const yesNo = (value: boolean) => (value ? "Yes" : "No");

/** One automatic reminder's state as staff read it. */
function reminderState(reminder: AppointmentReminder, zone: string) {
  if (reminder.state === "sent" && reminder.sentAt) return `sent ${stampTime(reminder.sentAt, zone)}`;
  if (reminder.state === "failed") return `failed: ${reminder.failureReason ?? "unknown reason"}`;
  return `scheduled for ${stampTime(reminder.dueAt, zone)}`;
}

/**
 * The Appointment Details dialog with its quick actions. While it is open the appointment
 * is the record on screen: the side panel's Notes and Alerts are about it, and the dialog opens them.
 */
export function AppointmentDetailsDialog(props: AppointmentDetailsDialogProps) {
  const guidId = props.opened ? props.appointment?.guidId : undefined;
  useShowRecord(guidId ? { entity: "appointment", entityId: guidId } : null);
  return (
    <Modal
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
    </Modal>
  );
}

function Details({
  appointment,
  onReschedule,
  onChanged,
}: AppointmentDetailsDialogProps & { appointment: Appointment }) {
  const idPrefix = useId();
  const update = useUpdateAppointment();
  const queryClient = useQueryClient();
  const reminder = useSendReminder();
  const attendance = useRecordAttendance();
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const [attendanceError, setAttendanceError] = useState<string | null>(null);
  const busy = update.isPending || reminder.isPending || attendance.isPending;
  // Only the values the server's rule allows now: none before the start, never a no-show once cancelled.
  const offered = ATTENDANCE_VALUES.filter((value) => !attendanceRefusal(value, appointment, new Date()));

  const change = async (flags: {
    isConfirmed?: boolean;
    isCancelled?: boolean;
    cancellationReason?: string;
  }) => {
    try {
      onChanged(await update.mutateAsync(updateBodyOf(appointment, flags)));
      notify.success(messages.updated);
    } catch (error) {
      // The update failure toast reads exactly "Failed to update appointment"; a quick
      // action on an appointment changed since it was shown says so instead, and the list reloads.
      if (isStaleVersion(error)) {
        notify.error(serverMessages.staleVersion);
        void queryClient.invalidateQueries({ queryKey: appointmentsQueryOptions().queryKey });
      } else notify.failure(messages.updateFailed, error);
    } finally {
      setConfirmingCancel(false);
    }
  };

  const [reason, setReason] = useState("");
  const [reasonError, setReasonError] = useState<string | null>(null);
  /** The cancel asks why: the customer and the consultant are mailed the reason. */
  const confirmCancel = () => {
    const parsed = cancellationReasonSchema.safeParse(reason);
    if (!parsed.success) return setReasonError(parsed.error.issues[0]?.message ?? null);
    if (!parsed.data) return setReasonError(messages.cancelReasonRequired);
    return change({ isCancelled: true, cancellationReason: parsed.data });
  };

  const sendReminder = async () => {
    try {
      const answer = await reminder.mutateAsync(appointment.id);
      onChanged(answer.appointment);
      notify.success(answer.message);
    } catch (error) {
      notify.error(`${messages.reminderFailed}: ${errorMessage(error)}`);
    }
  };

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
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={3} size="h4">
            {longDate(appointment.appointmentDate)}
          </Title>
          <Text c="dimmed">
            {shortTime(appointment.appointmentTime)} ({appointment.timeZone}, the consultant's time)
          </Text>
          {zonesDiffer(appointment.timeZone, appointment.userTimeZone) && appointment.userTimeZone && (
            <Text c="dimmed" size="sm">
              {timeInZone(appointment.startsAt, appointment.userTimeZone)} ({appointment.userTimeZone}, the
              customer's time)
            </Text>
          )}
        </div>
        <Group gap="xs">
          {appointment.isOutsideHours ? <OutsideHoursBadge appointment={appointment} /> : null}
          <CustomerBookingBadge appointment={appointment} />
          <StatusBadge status={appointment.status} />
        </Group>
      </Group>
      {appointment.isOutsideHours ? (
        <Text size="sm">Booked outside the consultant's hours by {appointment.outsideHoursBy ?? "N/A"}</Text>
      ) : null}
      <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="sm" m={0}>
        {/* Each id beside the name it stands for: the customer, then the consultant. */}
        <Detail term="User ID">{appointment.userid}</Detail>
        <Detail term="Customer">{customerNameLabel(appointment)}</Detail>
        <Detail term="Consultant ID">{appointment.consultantId}</Detail>
        <Detail term="Consultant">{appointment.consultantName ? consultantLabel(appointment) : "N/A"}</Detail>
        <Detail term="User Email">{customerLabel(appointment)}</Detail>
        <Detail term="Support Contact">{appointment.supportContact || "N/A"}</Detail>
        <Detail term="Appointment ID">{appointment.id}</Detail>
      </SimpleGrid>
      <Box component="dl" m={0}>
        <Detail term="Description">{appointment.description || messages.noDescription}</Detail>
        {appointment.cancellationReason ? (
          <Detail term="Cancellation reason">{appointment.cancellationReason}</Detail>
        ) : null}
      </Box>
      <Box>
        <Text size="sm" c="dimmed" id={`${idPrefix}-appointment-status-heading`}>
          Status
        </Text>
        <List aria-labelledby={`${idPrefix}-appointment-status-heading`} listStyleType="none" spacing={2}>
          <List.Item>
            Confirmed: {yesNo(appointment.isConfirmed)}
            {appointment.confirmedAt
              ? ` (${stampTime(appointment.confirmedAt, appointment.timeZone)} by ${appointment.confirmedBy ?? "N/A"})`
              : null}
          </List.Item>
          <List.Item>
            Cancelled: {yesNo(appointment.isCancelled)}
            {appointment.cancelledAt
              ? ` (${stampTime(appointment.cancelledAt, appointment.timeZone)} by ${appointment.cancelledBy ?? "N/A"})`
              : null}
          </List.Item>
          <List.Item>Payment Received: {yesNo(appointment.isPaid)}</List.Item>
          {appointment.reminderSentAt ? (
            <List.Item>
              Reminder sent: {stampTime(appointment.reminderSentAt, appointment.timeZone)}
            </List.Item>
          ) : null}
        </List>
      </Box>
      <Box>
        <Text size="sm" c="dimmed" id={`${idPrefix}-appointment-reminders-heading`}>
          Automatic reminders
        </Text>
        {appointment.reminders.length > 0 ? (
          <List
            aria-labelledby={`${idPrefix}-appointment-reminders-heading`}
            listStyleType="none"
            spacing={2}
          >
            {appointment.reminders.map((item) => (
              <List.Item key={item.hoursBefore}>
                {reminderLead(item.hoursBefore)}: {reminderState(item, appointment.timeZone)}
              </List.Item>
            ))}
          </List>
        ) : (
          <Text>None</Text>
        )}
      </Box>
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
      <Divider />
      {confirmingCancel ? (
        <Alert color="red" title="Cancel this appointment?">
          <Text size="sm" mb="sm">
            The time slot becomes free for other bookings.
          </Text>
          <Textarea
            label={messages.cancelReasonLabel}
            description={messages.cancelReasonHint}
            required
            autosize
            minRows={2}
            mb="sm"
            maxLength={CANCELLATION_REASON_MAX_LENGTH}
            value={reason}
            error={reasonError}
            onChange={(event) => {
              setReason(event.currentTarget.value);
              setReasonError(null);
            }}
          />
          <Group>
            <Button color="red.9" loading={update.isPending} onClick={confirmCancel}>
              Yes, cancel it
            </Button>
            <Button variant="default" onClick={() => setConfirmingCancel(false)} disabled={update.isPending}>
              Keep it
            </Button>
          </Group>
        </Alert>
      ) : (
        <Group gap="sm">
          <Button
            variant="outline"
            color={ACTION_COLOR}
            leftSection={<IconBell size={16} aria-hidden />}
            onClick={sendReminder}
            loading={reminder.isPending}
            disabled={busy || appointment.isCancelled}
          >
            Send Reminder
          </Button>
          <Button
            variant="outline"
            color="teal.9"
            leftSection={<IconCircleCheck size={16} aria-hidden />}
            onClick={() => change({ isConfirmed: true })}
            disabled={busy || appointment.isConfirmed || appointment.isCancelled}
          >
            Mark Confirmed
          </Button>
          <Button
            variant="outline"
            color={ACTION_COLOR}
            leftSection={<IconCalendarEvent size={16} aria-hidden />}
            onClick={() => onReschedule(appointment)}
            disabled={busy}
          >
            Reschedule
          </Button>
          <Button
            variant="outline"
            color="red.9"
            leftSection={<IconCircleX size={16} aria-hidden />}
            onClick={() => setConfirmingCancel(true)}
            disabled={busy || appointment.isCancelled}
          >
            Cancel Appointment
          </Button>
        </Group>
      )}
    </Stack>
  );
}
