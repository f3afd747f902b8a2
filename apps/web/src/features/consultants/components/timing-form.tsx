import { Alert, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import type { ConsultantTiming } from "@visadesk/contract/consultants";
import { timingMessages, WEEKDAYS, type Weekday } from "@visadesk/contract/consultants-constants";
import type { TimingBodyInput } from "@visadesk/contract/consultants-timings-addresses";
import { schedulingMessages } from "@visadesk/contract/scheduling-constants";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { whenFormUsed } from "@/lib/deferred-resolver";
import { applyServerFieldErrors } from "@/lib/form-errors";
import { useUnsavedChangesPrompt } from "@/lib/unsaved-changes";
import { type RecordFormProps, upsertBody } from "./record-manager";

type DayValues = Record<Weekday, string>;
// Its rules (the contract's, with zod) load when the form is first used, not with the page.
const timingRules = whenFormUsed(() => import("@visadesk/contract/consultants-timings-addresses"));
export const dayLabel = (day: Weekday) => day[0]!.toUpperCase() + day.slice(1);

/** Add or edit one weekly timing: one text input per weekday, empty meaning closed. */
export function TimingForm({
  consultantId,
  record: timing,
  label,
  onSave,
  actions,
}: RecordFormProps<ConsultantTiming, TimingBodyInput>) {
  const idPrefix = useId();
  const form = useForm<DayValues>({
    defaultValues: Object.fromEntries(WEEKDAYS.map((day) => [day, timing?.[day] ?? ""])) as DayValues,
  });
  const [formError, setFormError] = useState<string>();
  useUnsavedChangesPrompt(form.formState.isDirty && !form.formState.isSubmitting);

  const submit = form.handleSubmit(async (days) => {
    const body: TimingBodyInput = upsertBody(consultantId, timing, days);
    const { timingBodySchema } = await timingRules();
    const checked = timingBodySchema.safeParse(body);
    if (!checked.success) {
      // A day's hours in the wrong form is told at that day, in the server's words.
      let atDay = false;
      for (const issue of checked.error.issues) {
        const day = issue.path[0];
        if (issue.message === schedulingMessages.hoursInvalid && typeof day === "string") {
          form.setError(day as Weekday, { message: issue.message });
          atDay = true;
        }
      }
      setFormError(atDay ? undefined : checked.error.issues[0]?.message);
      return;
    }
    setFormError(undefined);
    try {
      await onSave(body);
    } catch (error) {
      applyServerFieldErrors(error, WEEKDAYS, form.setError);
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label={label}>
      <Stack gap="md">
        <Text size="sm" id={`${idPrefix}-timing-hint`}>
          {timingMessages.hint}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {WEEKDAYS.map((day) => (
            <TextInput
              key={day}
              label={dayLabel(day)}
              placeholder="9:00 AM - 5:00 PM"
              aria-describedby={`${idPrefix}-timing-hint`}
              {...form.register(day)}
              error={form.formState.errors[day]?.message}
            />
          ))}
        </SimpleGrid>
        {formError ? (
          <Alert color="red" variant="light" role="alert">
            {formError}
          </Alert>
        ) : null}
        {actions}
      </Stack>
    </form>
  );
}
