import { Button, Group, SimpleGrid, Stack, Switch, TextInput } from "@mantine/core";
import type { Appointment, AppointmentFormValues } from "@visadesk/contract/appointments";
import {
  CANCELLATION_REASON_MAX_LENGTH,
  DESCRIPTION_MAX_LENGTH,
  appointmentMessages as messages,
} from "@visadesk/contract/appointments-constants";
import { useMemo, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { GrowingTextarea } from "@/components/growing-textarea";
import { VersionConflictAlert } from "@/components/version-conflict-alert";
import { deferredZodResolver } from "@/lib/deferred-resolver";
import { useUnsavedChangesPrompt } from "@/lib/unsaved-changes";
import type { ConsultantOption } from "../../api/get-consultant-options";
import { ACTION_COLOR, shortTime, todayLocal } from "../../format";
import { AppointmentTimeSelect } from "../appointment-time-select";
import { ConsultantSelect } from "../consultant-select";
import { CustomerSelect } from "../customer-select";
import { type AppointmentPrefill, flagLabels, initialConsultant, initialValues } from "./form-values";
import { BookAnywayOffer, SaveFailure } from "./save-alerts";
import { useAppointmentSave } from "./use-appointment-save";

/** The fields of the Create New Appointment and Edit Appointment dialogs, and their save. */
export function AppointmentForm({
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
  const today = useMemo(() => todayLocal(), []);
  const storedDate = appointment?.appointmentDate;
  const cancelled = appointment?.isCancelled;
  // Its rules (the contract's, with zod) load as the dialog's first field takes focus: the list that
  // downloads this dialog ahead does not build them while it loads.
  const resolver = useMemo(
    () =>
      deferredZodResolver<AppointmentFormValues>(() =>
        import("@visadesk/contract/appointments").then((rules) =>
          rules.appointmentFormSchema(today, storedDate, cancelled),
        ),
      ),
    [today, storedDate, cancelled],
  );
  const form = useForm<AppointmentFormValues>({
    resolver,
    mode: "onChange",
    defaultValues: initialValues(appointment, prefill),
  });
  const { errors, isDirty, isValid } = form.formState;
  const currentConsultant = initialConsultant(appointment, prefill);
  const [consultant, setConsultant] = useState<ConsultantOption | undefined>(currentConsultant);
  /** The customer's own time zone, for their local times beside the slots. */
  const [customerZone, setCustomerZone] = useState<string | null>(appointment?.userTimeZone ?? null);
  const { send, pending, conflict, reload, failure, refused } = useAppointmentSave({
    appointment,
    consultant,
    today,
    setError: form.setError,
    onDone,
    onReload,
  });
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
  const onSubmit = form.handleSubmit((values) => send(values, false));

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        {conflict ? <VersionConflictAlert changed={conflict.changed} onReload={reload} /> : null}
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
        <GrowingTextarea
          label="Description"
          required
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
          <GrowingTextarea
            label={messages.cancelReasonLabel}
            required={!appointment.isCancelled}
            description={messages.cancelReasonHint}
            minRows={2}
            maxLength={CANCELLATION_REASON_MAX_LENGTH}
            error={errors.cancellationReason?.message}
            {...form.register("cancellationReason")}
          />
        ) : null}
        <SaveFailure failure={failure} editing={appointment !== undefined} />
        {offerBookAnyway && refused ? (
          <BookAnywayOffer pending={pending} onBookAnyway={() => send(refused, true)} />
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
