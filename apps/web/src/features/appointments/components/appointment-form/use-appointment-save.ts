import { useQueryClient } from "@tanstack/react-query";
import type { Appointment, AppointmentFormValues } from "@visadesk/contract/appointments";
import { appointmentMessages as messages, withSeconds } from "@visadesk/contract/appointments-constants";
import { schedulingMessages } from "@visadesk/contract/scheduling-constants";
import { useState } from "react";
import type { UseFormSetError } from "react-hook-form";
import { useAuth } from "@/lib/auth";
import { applyServerFieldErrors } from "@/lib/form-errors";
import { errorMessage, statusOf } from "@/lib/http";
import { notify } from "@/lib/toast";
import { useRecordSave } from "@/lib/use-record-save";
import { useCreateAppointment } from "../../api/create-appointment";
import { appointmentQueryOptions } from "../../api/get-appointment";
import type { ConsultantOption } from "../../api/get-consultant-options";
import { useUpdateAppointment } from "../../api/update-appointment";
import { updateBodyOf } from "../../appointment-body";
import { APPOINTMENT_FIELDS, APPOINTMENT_LABELS } from "./form-values";

/**
 * Saving the form: a booking or an edit, and what a refusal leaves on screen. A save refused because the
 * appointment changed since it was shown (the conflict and what changed), a time outside the hours (the
 * values, for "Book anyway"), a taken slot or another failure (said beside the buttons).
 */
export function useAppointmentSave({
  appointment,
  consultant,
  today,
  setError,
  onDone,
  onReload,
}: {
  appointment: Appointment | undefined;
  /** The chosen consultant: its name and email go with the booking. */
  consultant: ConsultantOption | undefined;
  today: string;
  setError: UseFormSetError<AppointmentFormValues>;
  onDone: () => void;
  /** Reload after a stale save: the form restarts from the stored appointment. */
  onReload: (latest: Appointment) => void;
}) {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const { conflict, refusedAsStale, reload } = useRecordSave({
    record: appointment,
    fetchLatest: (stored) => queryClient.fetchQuery(appointmentQueryOptions(stored.guidId)),
    labels: APPOINTMENT_LABELS,
    onReload,
  });
  const [failure, setFailure] = useState<string | null>(null);
  /** The values the server refused with 422 (outside the hours or on time off): "Book anyway" resends them. */
  const [refused, setRefused] = useState<AppointmentFormValues | null>(null);
  const create = useCreateAppointment();
  const update = useUpdateAppointment();
  const pending = create.isPending || update.isPending;

  const send = async (values: AppointmentFormValues, allowOutsideHours: boolean) => {
    if (!user) {
      notify.error(messages.userNotFound);
      return;
    }
    setFailure(null);
    setRefused(null);
    // Seconds appended; an empty time or date falls back to midnight or today.
    const fields = {
      userid: values.userid || (appointment ? appointment.userid : user.guidId),
      consultantId: values.consultantId,
      consultantName: consultant?.name ?? null,
      consultantEmail: consultant?.contactEmail ?? null,
      appointmentDate: values.appointmentDate || today,
      appointmentTime: values.appointmentTime ? withSeconds(values.appointmentTime) : "00:00:00",
      description: values.description,
      supportContact: values.supportContact,
      isConfirmed: values.isConfirmed,
      ...(allowOutsideHours ? { allowOutsideHours: true } : {}),
    };
    try {
      if (appointment) {
        await update.mutateAsync(
          updateBodyOf(appointment, {
            ...fields,
            isCancelled: values.isCancelled,
            isPaid: values.isPaid,
            ...(values.isCancelled ? { cancellationReason: values.cancellationReason || null } : {}),
          }),
        );
        notify.success(messages.updated);
      } else {
        const guidId = globalThis.crypto?.randomUUID?.();
        await create.mutateAsync({ ...fields, ...(guidId ? { guidId } : {}) });
        notify.success(messages.created);
      }
      onDone();
    } catch (error) {
      // Changed since it was shown: the conflict is shown until Reload.
      if (await refusedAsStale(error)) return;
      // Outside the hours or on time off: said once, beside the buttons, with the offer to book anyway.
      if (statusOf(error) === 422 && errorMessage(error) === schedulingMessages.unavailable) {
        setRefused(values);
        return;
      }
      // A taken slot is said once, beside the buttons the person just pressed: no toast, no field error.
      if (statusOf(error) === 409 && errorMessage(error) === messages.slotTaken) {
        setFailure(messages.slotTaken);
        return;
      }
      notify.error(appointment ? messages.updateFailed : messages.createFailed);
      setFailure(errorMessage(error));
      applyServerFieldErrors(error, APPOINTMENT_FIELDS, setError);
    }
  };

  return { send, pending, conflict, reload, failure, refused };
}
