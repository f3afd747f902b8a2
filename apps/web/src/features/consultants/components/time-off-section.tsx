import { Alert, Button, Card, Group, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import type { TimeOff, TimeOffBody, TimeOffBodyInput } from "@visadesk/contract/scheduling";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { Dialog } from "@/components/dialog";
import { useDialogCloseGuard } from "@/components/dialog-close-guard";
import { type ListColumn, ListTable } from "@/components/list-table";
import { deferredZodResolver } from "@/lib/deferred-resolver";
import { applyServerFieldErrors } from "@/lib/form-errors";
import { errorMessage } from "@/lib/http";
import { notify } from "@/lib/toast";
import { useUnsavedChangesPrompt } from "@/lib/unsaved-changes";
import { useAddTimeOff, useDeleteTimeOff, useTimeOff } from "../api/time-off";

/** "10 Mar 2030": the days are the consultant's calendar dates, so no zone may shift them. */
const dayOf = (date: string) =>
  new Intl.DateTimeFormat("en-GB", {
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(`${date}T00:00:00Z`));

const columns: ListColumn<TimeOff>[] = [
  { header: "From", cell: (timeOff) => dayOf(timeOff.from) },
  { header: "To", cell: (timeOff) => dayOf(timeOff.to) },
  { header: "Reason", cell: (timeOff) => timeOff.reason ?? "No reason given" },
  { header: "Added by", cell: (timeOff) => timeOff.createdBy ?? "N/A" },
];

const rowName = (timeOff: TimeOff) => `time off from ${dayOf(timeOff.from)} to ${dayOf(timeOff.to)}`;

/**
 * The consultant's time off on the timings screen: the days away (from and to inclusive) listed, added
 * with an optional reason, and deleted after confirmation. No free times are offered on these days, and a
 * booking on one needs "Book anyway".
 */
export function TimeOffSection({ consultantId }: { consultantId: string }) {
  const list = useTimeOff(consultantId);
  const remove = useDeleteTimeOff(consultantId);
  const [adding, setAdding] = useState(false);
  const addClose = useDialogCloseGuard(() => setAdding(false));
  const [toDelete, setToDelete] = useState<TimeOff | null>(null);

  const confirmDelete = () => {
    if (!toDelete) return;
    remove.mutate(toDelete, {
      onSuccess: (answer) => notify.success(answer.message),
      onError: (error) => notify.error(`Failed to delete time off: ${errorMessage(error)}`),
      onSettled: () => setToDelete(null),
    });
  };

  return (
    <Card withBorder padding="md">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} size="h4">
            Time off
          </Title>
          <Button onClick={() => setAdding(true)}>+ Add Time Off</Button>
        </Group>
        <ListTable
          caption="Time off"
          columns={columns}
          rows={list.data ?? []}
          rowKey={(timeOff) => timeOff.guidId}
          query={list}
          loadingText="Loading time off..."
          empty={<Text c="dimmed">No time off recorded</Text>}
          errorTexts={{ title: "Failed to load time off", toast: "Failed to load time off" }}
          minWidth={600}
          highlightOnHover={false}
          rowActions={{
            header: "Actions",
            cell: (timeOff) => (
              <Button
                size="xs"
                variant="outline"
                color="red.9"
                onClick={() => setToDelete(timeOff)}
                aria-label={`Delete ${rowName(timeOff)}`}
              >
                Delete
              </Button>
            ),
          }}
        />
      </Stack>
      <Dialog
        opened={adding}
        {...addClose.modalProps}
        title="Add Time Off"
        closeButtonProps={{ "aria-label": "Close" }}
      >
        {adding
          ? addClose.scope(
              <TimeOffForm
                consultantId={consultantId}
                onDone={() => setAdding(false)}
                onCancel={addClose.requestClose}
              />,
            )
          : null}
      </Dialog>
      {addClose.prompt}
      <ConfirmDialog
        opened={toDelete !== null}
        title="Delete Time Off"
        message="Are you sure you want to delete this time off?"
        details={toDelete ? `${dayOf(toDelete.from)} to ${dayOf(toDelete.to)}` : undefined}
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
      />
    </Card>
  );
}

const TIME_OFF_FIELDS = ["from", "to", "reason"] as const;
// Its rules (the contract's, with zod) load when the form is first used, not with the page.
const resolver = deferredZodResolver<TimeOffBodyInput, TimeOffBody>(() =>
  import("@visadesk/contract/scheduling").then((rules) => rules.timeOffBodySchema),
);

function TimeOffForm({
  consultantId,
  onDone,
  onCancel,
}: {
  consultantId: string;
  onDone: () => void;
  onCancel: () => void;
}) {
  const add = useAddTimeOff(consultantId);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<TimeOffBodyInput, unknown, TimeOffBody>({
    resolver,
    defaultValues: { from: "", to: "", reason: "" },
    mode: "onTouched",
  });
  const { errors, isDirty } = form.formState;
  useUnsavedChangesPrompt(isDirty && !add.isPending);

  const submit = form.handleSubmit(async (body) => {
    setFailure(null);
    const sent: TimeOffBodyInput = body;
    try {
      await add.mutateAsync(sent);
      notify.success("Time off added successfully");
      onDone();
    } catch (error) {
      // The server's words at its fields; anything else in one alert above the buttons.
      if (!applyServerFieldErrors(error, TIME_OFF_FIELDS, form.setError)) setFailure(errorMessage(error));
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Add Time Off">
      <Stack gap="md">
        <Text size="sm">Both days are included. No free times are offered on them.</Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            type="date"
            label="From"
            withAsterisk
            error={errors.from?.message}
            {...form.register("from", { deps: ["to"] })}
          />
          <TextInput
            type="date"
            label="To"
            withAsterisk
            error={errors.to?.message}
            {...form.register("to")}
          />
        </SimpleGrid>
        <TextInput
          label="Reason"
          placeholder="e.g. Annual leave"
          error={errors.reason?.message}
          {...form.register("reason")}
        />
        {failure ? (
          <Alert color="red" title="Failed to add time off">
            {failure}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={add.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={add.isPending}>
            Add Time Off
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
