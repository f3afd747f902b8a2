import { Alert, Button, Group, Modal, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import {
  type ConsultantTiming,
  type TimingBodyInput,
  timingBodySchema,
  timingMessages,
  WEEKDAYS,
  type Weekday,
} from "@visadesk/contract/consultants";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { fieldErrorsOf } from "../../../lib/http";

type DayValues = Record<Weekday, string>;
const dayLabel = (day: Weekday) => day[0]!.toUpperCase() + day.slice(1);

interface TimingFormModalProps {
  opened: boolean;
  consultantId: string;
  /** The timing being edited; null when adding. */
  timing: ConsultantTiming | null;
  isSaving: boolean;
  onClose: () => void;
  /** Saves, and rejects with the server's error so field errors can be shown. */
  onSave: (timing: TimingBodyInput) => Promise<unknown>;
}

/** Add or edit one weekly timing: one text input per weekday, empty meaning closed (spec section 2). */
export function TimingFormModal(props: TimingFormModalProps) {
  const editing = props.timing;
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={editing ? "Edit Timing" : "Add Timing"}
      closeButtonProps={{ "aria-label": "Close" }}
      size="lg"
    >
      {props.opened && <TimingForm key={editing?.guidId ?? "new"} {...props} />}
    </Modal>
  );
}

function TimingForm({ consultantId, timing, isSaving, onClose, onSave }: TimingFormModalProps) {
  const form = useForm<DayValues>({
    defaultValues: Object.fromEntries(WEEKDAYS.map((day) => [day, timing?.[day] ?? ""])) as DayValues,
  });
  const [formError, setFormError] = useState<string>();

  const submit = form.handleSubmit(async (days) => {
    // Edits resend the record with its id and guidId; new records have id 0 and a generated guidId.
    const body: TimingBodyInput = timing
      ? { ...timing, ...days, consultantId }
      : { id: 0, guidId: crypto.randomUUID(), consultantId, isActive: true, isDeleted: false, ...days };
    const checked = timingBodySchema.safeParse(body);
    if (!checked.success) {
      setFormError(checked.error.issues[0]?.message);
      return;
    }
    setFormError(undefined);
    try {
      await onSave(body);
    } catch (error) {
      const errors = fieldErrorsOf(error);
      for (const day of WEEKDAYS) {
        if (errors[day]) form.setError(day, { type: "server", message: errors[day] });
      }
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label={timing ? "Edit Timing" : "Add Timing"}>
      <Stack gap="md">
        <Text size="sm" id="timing-hint">
          {timingMessages.hint}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {WEEKDAYS.map((day) => (
            <TextInput
              key={day}
              label={dayLabel(day)}
              placeholder="9:00 AM - 5:00 PM"
              aria-describedby="timing-hint"
              {...form.register(day)}
              error={form.formState.errors[day]?.message}
            />
          ))}
        </SimpleGrid>
        {formError && (
          <Alert color="red" variant="light" role="alert">
            {formError}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={isSaving}>
            Cancel
          </Button>
          <Button type="submit" disabled={isSaving} loading={isSaving}>
            {timing ? "Update Timing" : "Add Timing"}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
