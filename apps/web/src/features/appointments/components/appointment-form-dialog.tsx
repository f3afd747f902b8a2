// Its Mantine styles come with it: the screens that do not use it never load them.
import "@mantine/core/styles/Combobox.css";
import "@mantine/core/styles/InlineInput.css";
import "@mantine/core/styles/Modal.css";
import "@mantine/core/styles/Pill.css";
import "@mantine/core/styles/PillsInput.css";
import "@mantine/core/styles/Switch.css";
import { zodResolver } from "@hookform/resolvers/zod";
import {
  Alert,
  Button,
  Group,
  Modal,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import {
  type Appointment,
  type AppointmentFormValues,
  appointmentFormSchema,
} from "@visadesk/contract/appointments";
import {
  CANCELLATION_REASON_MAX_LENGTH,
  DESCRIPTION_MAX_LENGTH,
  appointmentMessages as messages,
  withSeconds,
} from "@visadesk/contract/appointments-constants";
import { schedulingMessages } from "@visadesk/contract/scheduling";
import { useMemo, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { useDialogCloseGuard } from "@/components/dialog-close-guard";
import { VersionConflictAlert } from "@/components/version-conflict-alert";
import { useAuth } from "@/lib/auth";
import { applyServerFieldErrors, fieldsOf } from "@/lib/form-errors";
import { errorMessage, statusOf } from "@/lib/http";
import { changedFields, isStaleVersion } from "@/lib/record-version";
import { notify } from "@/lib/toast";
import { useUnsavedChangesPrompt } from "@/lib/unsaved-changes";
import { useCreateAppointment } from "../api/create-appointment";
import { appointmentQueryOptions } from "../api/get-appointment";
import type { ConsultantOption } from "../api/get-consultant-options";
import { useUpdateAppointment } from "../api/update-appointment";
import { updateBodyOf } from "../appointment-body";
import { ACTION_COLOR, consultantLabel, shortTime, todayLocal } from "../format";
import { AppointmentTimeSelect } from "./appointment-time-select";
import { ConsultantSelect } from "./consultant-select";
import { CustomerSelect } from "./customer-select";

interface AppointmentFormDialogProps {
  opened: boolean;
  onClose: () => void;
  /** Edit mode when given; create mode otherwise. */
  appointment?: Appointment | undefined;
  /** Create mode: the consultant, date and time already chosen (a free slot clicked in the calendar). */
  prefill?: AppointmentPrefill | undefined;
}

export interface AppointmentPrefill {
  consultant?: ConsultantOption | undefined;
  appointmentDate?: string | undefined;
  /** "HH:MM". */
  appointmentTime?: string | undefined;
}

/** The Create New Appointment and Edit Appointment dialogs. */
export function AppointmentFormDialog({ opened, onClose, appointment, prefill }: AppointmentFormDialogProps) {
  /** The stored appointment taken in by Reload after a refused save; the form restarts from it. */
  const [reloaded, setReloaded] = useState<Appointment | null>(null);
  const shown = reloaded && appointment && reloaded.id === appointment.id ? reloaded : appointment;
  const close = () => {
    setReloaded(null);
    onClose();
  };
  const guard = useDialogCloseGuard(close);
  return (
    <>
      <Modal
        opened={opened}
        {...guard.modalProps}
        title={appointment ? "Edit Appointment" : "Create New Appointment"}
        size="lg"
        closeButtonProps={{ "aria-label": "Close" }}
      >
        {guard.scope(
          <AppointmentForm
            key={
              shown
                ? `${shown.id}@${shown.version}`
                : `new@${prefill?.consultant?.guidId}@${prefill?.appointmentDate}@${prefill?.appointmentTime}`
            }
            appointment={shown}
            prefill={shown ? undefined : prefill}
            onDone={close}
            onCancel={guard.requestClose}
            onReload={setReloaded}
          />,
        )}
      </Modal>
      {guard.prompt}
    </>
  );
}

/** The create form offers only the confirmed toggle; edit adds cancelled and paid. */
const flagLabels = [
  ["isConfirmed", "Confirmed"],
  ["isCancelled", "Cancelled"],
  ["isPaid", "Payment Received"],
] as const;

const blank: AppointmentFormValues = {
  userid: "",
  consultantId: "",
  appointmentDate: "",
  appointmentTime: "",
  description: "",
  supportContact: "",
  isConfirmed: false,
  isCancelled: false,
  isPaid: false,
  cancellationReason: "",
};
const APPOINTMENT_FIELDS = fieldsOf(blank);

/** The dialog's labels, for the fields a conflicting save changed. */
const APPOINTMENT_LABELS = {
  userid: "Customer",
  consultantId: "Consultant",
  appointmentDate: "Appointment Date",
  appointmentTime: "Appointment Time",
  description: "Description",
  supportContact: "Support Contact",
  isConfirmed: "Confirmed",
  isCancelled: "Cancelled",
  isPaid: "Payment Received",
  cancellationReason: messages.cancelReasonLabel,
} as const;

function AppointmentForm({
  appointment,
  prefill,
  onDone,
  onCancel,
  onReload,
}: {
  appointment?: Appointment | undefined;
  prefill?: AppointmentPrefill | undefined;
  onDone: () => void;
  /** Cancel: asks first when the form holds unsaved changes. */
  onCancel: () => void;
  /** Restarts the form from the stored appointment: the person's edits go only when they press Reload. */
  onReload: (latest: Appointment) => void;
}) {
  const queryClient = useQueryClient();
  const [conflict, setConflict] = useState<{ latest: Appointment; changed: string[] } | null>(null);
  const { user } = useAuth();
  const today = useMemo(() => todayLocal(), []);
  const storedDate = appointment?.appointmentDate;
  const form = useForm<AppointmentFormValues>({
    resolver: zodResolver(appointmentFormSchema(today, storedDate, appointment?.isCancelled)),
    mode: "onChange",
    defaultValues: appointment
      ? {
          userid: appointment.userid,
          consultantId: appointment.consultantId,
          appointmentDate: appointment.appointmentDate,
          appointmentTime: shortTime(appointment.appointmentTime),
          description: appointment.description,
          supportContact: appointment.supportContact ?? "",
          isConfirmed: appointment.isConfirmed,
          isCancelled: appointment.isCancelled,
          isPaid: appointment.isPaid,
          cancellationReason: appointment.cancellationReason ?? "",
        }
      : {
          ...blank,
          consultantId: prefill?.consultant?.guidId ?? "",
          appointmentDate: prefill?.appointmentDate ?? "",
          appointmentTime: prefill?.appointmentTime ?? "",
        },
  });
  const { errors, isDirty, isValid } = form.formState;
  const currentConsultant: ConsultantOption | undefined = appointment
    ? {
        guidId: appointment.consultantId,
        name: consultantLabel(appointment),
        contactEmail: appointment.consultantEmail,
      }
    : prefill?.consultant;
  const [consultant, setConsultant] = useState<ConsultantOption | undefined>(currentConsultant);
  const [failure, setFailure] = useState<string | null>(null);
  /** The values the server refused with 422 (outside the hours or on time off): "Book anyway" resends them. */
  const [refused, setRefused] = useState<AppointmentFormValues | null>(null);
  /** The customer's own time zone, for their local times beside the slots. */
  const [customerZone, setCustomerZone] = useState<string | null>(appointment?.userTimeZone ?? null);
  const create = useCreateAppointment();
  const update = useUpdateAppointment();
  const pending = create.isPending || update.isPending;
  useUnsavedChangesPrompt(isDirty && !pending);

  // An existing time (or a calendar slot's) stays selectable even when it is not free.
  const storedTime = appointment ? shortTime(appointment.appointmentTime) : prefill?.appointmentTime;
  const [description, consultantId, appointmentDate, appointmentTime, isCancelled] = form.watch([
    "description",
    "consultantId",
    "appointmentDate",
    "appointmentTime",
    "isCancelled",
  ]);
  // The offer to book anyway holds only for the consultant, date and time it was made for.
  const offerBookAnyway =
    refused !== null &&
    refused.consultantId === consultantId &&
    refused.appointmentDate === appointmentDate &&
    refused.appointmentTime === appointmentTime;

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
      if (appointment && isStaleVersion(error)) {
        const latest = await queryClient.fetchQuery(appointmentQueryOptions(appointment.guidId));
        setConflict({ latest, changed: changedFields(appointment, latest, APPOINTMENT_LABELS) });
        return;
      }
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
      applyServerFieldErrors(error, APPOINTMENT_FIELDS, form.setError);
    }
  };
  const onSubmit = form.handleSubmit((values) => send(values, false));

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        {conflict ? (
          <VersionConflictAlert changed={conflict.changed} onReload={() => onReload(conflict.latest)} />
        ) : null}
        <Controller
          control={form.control}
          name="userid"
          render={({ field }) => (
            <CustomerSelect
              value={field.value}
              onChange={(guidId, timeZone) => {
                setCustomerZone(timeZone);
                field.onChange(guidId);
              }}
              current={
                appointment
                  ? {
                      guidId: appointment.userid,
                      email: appointment.userEmail ?? appointment.userid,
                      timeZone: appointment.userTimeZone,
                    }
                  : undefined
              }
              error={errors.userid?.message}
            />
          )}
        />
        <Controller
          control={form.control}
          name="consultantId"
          render={({ field }) => (
            <ConsultantSelect
              label="Consultant"
              required
              value={field.value || null}
              current={currentConsultant}
              onChange={(guidId, chosen) => {
                setConsultant(chosen);
                field.onChange(guidId ?? "");
              }}
              onBlur={field.onBlur}
              error={errors.consultantId?.message}
            />
          )}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            type="date"
            label="Appointment Date"
            required
            min={storedDate && storedDate < today ? storedDate : today}
            error={errors.appointmentDate?.message}
            {...form.register("appointmentDate")}
          />
          <AppointmentTimeSelect
            consultantId={consultantId}
            date={appointmentDate}
            value={appointmentTime}
            storedTime={storedTime}
            customerZone={customerZone}
            error={errors.appointmentTime?.message}
            field={form.register("appointmentTime")}
          />
        </SimpleGrid>
        <Textarea
          label="Description"
          required
          autosize
          minRows={3}
          maxRows={8}
          description={`${description.length}/${DESCRIPTION_MAX_LENGTH}`}
          inputWrapperOrder={["label", "input", "description", "error"]}
          error={errors.description?.message}
          {...form.register("description")}
        />
        <TextInput
          label="Support Contact"
          placeholder="Phone number or email for questions"
          error={errors.supportContact?.message}
          {...form.register("supportContact")}
        />
        <Group gap="xl">
          {(appointment ? flagLabels : flagLabels.slice(0, 1)).map(([name, label]) => (
            <Controller
              key={name}
              control={form.control}
              name={name}
              // Turning Cancelled on asks the reason at once.
              rules={name === "isCancelled" ? { deps: ["cancellationReason"] } : {}}
              render={({ field }) => (
                <Switch
                  label={label}
                  name={field.name}
                  checked={field.value}
                  onChange={(event) => field.onChange(event.currentTarget.checked)}
                  onBlur={field.onBlur}
                  ref={field.ref}
                />
              )}
            />
          ))}
        </Group>
        {appointment && isCancelled ? (
          <Textarea
            label={messages.cancelReasonLabel}
            required={!appointment.isCancelled}
            description={messages.cancelReasonHint}
            autosize
            minRows={2}
            maxLength={CANCELLATION_REASON_MAX_LENGTH}
            error={errors.cancellationReason?.message}
            {...form.register("cancellationReason")}
          />
        ) : null}
        {failure ? (
          <Alert color="red" title={appointment ? messages.updateAlert : messages.createAlert}>
            {failure}
          </Alert>
        ) : null}
        {offerBookAnyway && refused ? (
          <Alert color="orange" title={schedulingMessages.unavailable}>
            <Text size="sm" mb="sm">
              This time is outside the consultant's hours or on their time off. Booking it anyway marks the
              appointment as booked outside hours, under your name.
            </Text>
            <Button color="orange.9" loading={pending} onClick={() => send(refused, true)}>
              {schedulingMessages.bookAnyway}
            </Button>
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button
            type="submit"
            color={ACTION_COLOR}
            disabled={pending || !isValid || !isDirty}
            loading={pending}
          >
            {appointment ? "Update Appointment" : "Create Appointment"}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
