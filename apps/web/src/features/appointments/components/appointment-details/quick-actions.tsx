import { Alert, Button, Group, Text } from "@mantine/core";
import { IconBell, IconCalendarEvent, IconCircleCheck, IconCircleX } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import type { Appointment } from "@visadesk/contract/appointments";
import {
  CANCELLATION_REASON_MAX_LENGTH,
  appointmentMessages as messages,
} from "@visadesk/contract/appointments-constants";
import { serverMessages } from "@visadesk/contract/common-constants";
import { useState } from "react";
import { GrowingTextarea } from "@/components/growing-textarea";
import { errorMessage } from "@/lib/http";
import { isStaleVersion } from "@/lib/record-version";
import { notify } from "@/lib/toast";
import { appointmentsQueryOptions } from "../../api/get-appointments";
import type { useSendReminder } from "../../api/send-reminder";
import type { useUpdateAppointment } from "../../api/update-appointment";
import { updateBodyOf } from "../../appointment-body";
import { ACTION_COLOR } from "../../format";

/** Send Reminder, Mark Confirmed, Reschedule and Cancel Appointment (which asks why first). */
export function QuickActions({
  appointment,
  update,
  reminder,
  busy,
  onReschedule,
  onChanged,
}: {
  appointment: Appointment;
  update: ReturnType<typeof useUpdateAppointment>;
  reminder: ReturnType<typeof useSendReminder>;
  /** An action of the dialog is under way. */
  busy: boolean;
  onReschedule: (appointment: Appointment) => void;
  onChanged: (appointment: Appointment) => void;
}) {
  const queryClient = useQueryClient();
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const [reason, setReason] = useState("");
  const [reasonError, setReasonError] = useState<string | null>(null);

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

  /**
   * The cancel asks why: the customer and the consultant are mailed the reason. Its rule (the contract's,
   * with zod) loads at the first confirm: the list that downloads this dialog ahead does not build it.
   */
  const confirmCancel = async () => {
    let cancellationReasonSchema: typeof import("@visadesk/contract/appointments").cancellationReasonSchema;
    try {
      ({ cancellationReasonSchema } = await import("@visadesk/contract/appointments"));
    } catch (error) {
      return notify.failure(messages.updateFailed, error);
    }
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

  if (confirmingCancel) {
    return (
      <Alert color="red" title="Cancel this appointment?">
        <Text size="sm" mb="sm">
          The time slot becomes free for other bookings.
        </Text>
        <GrowingTextarea
          label={messages.cancelReasonLabel}
          description={messages.cancelReasonHint}
          required
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
    );
  }
  return (
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
  );
}
