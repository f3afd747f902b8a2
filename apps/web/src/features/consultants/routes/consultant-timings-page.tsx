import { Button, Card, Center, Group, Loader, Stack, Table, Text, VisuallyHidden } from "@mantine/core";
import {
  type ConsultantTiming,
  type TimingBodyInput,
  timingMessages,
  WEEKDAYS,
} from "@visadesk/contract/consultants";
import { type ReactNode, useEffect, useState } from "react";
import { useParams } from "react-router";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { notify } from "../../../lib/toast";
import { useConsultant } from "../api/get-consultant";
import { useEndpointProbe } from "../api/probe-endpoint";
import { useSaveTiming } from "../api/save-timing";
import { ManagerHeader } from "../components/manager-header";
import { TimingFormModal } from "../components/timing-form-modal";
import { saveErrorMessage } from "../save-error-message";

const probeWarnings = { notFound: timingMessages.probeNotFound, notAllowed: timingMessages.probeNotAllowed };
const dayLabel = (day: string) => day[0]!.toUpperCase() + day.slice(1);

/** /consultant-timings/{consultantId}: the weekly timings of one consultant (spec section 2). */
export default function ConsultantTimingsPage() {
  const { consultantId = "" } = useParams();
  useEndpointProbe("Consultants/consultanttimings", probeWarnings);
  const consultant = useConsultant(consultantId);
  const save = useSaveTiming(consultantId);
  const [editing, setEditing] = useState<ConsultantTiming | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [toDelete, setToDelete] = useState<ConsultantTiming | null>(null);

  useEffect(() => {
    if (consultant.isError) notify.error(timingMessages.loadFailed);
  }, [consultant.isError]);

  const timings = (consultant.data?.timings ?? []).filter((timing) => !timing.isDeleted);
  const openForm = (timing: ConsultantTiming | null) => {
    setEditing(timing);
    setFormOpen(true);
  };
  const closeForm = () => {
    setFormOpen(false);
    setEditing(null);
  };

  const saveTiming = (body: TimingBodyInput) =>
    save.mutateAsync(body, {
      onSuccess: () => {
        notify.success(editing ? timingMessages.updated : timingMessages.added);
        closeForm();
      },
      onError: (error) =>
        notify.error(
          saveErrorMessage(error, editing ? timingMessages.updateFailed : timingMessages.addFailed, {
            with401: true,
          }),
        ),
    });

  const confirmDelete = () => {
    const timing = timings.find((candidate) => candidate.guidId === toDelete?.guidId);
    if (!timing) {
      notify.error(timingMessages.notFound);
      return setToDelete(null);
    }
    // Never truly removed: the record is resent with isDeleted true.
    save.mutate(
      { ...timing, isDeleted: true },
      {
        onSuccess: () => notify.success(timingMessages.deleted),
        onError: () => notify.error(timingMessages.deleteFailed),
        onSettled: () => setToDelete(null),
      },
    );
  };

  let body: ReactNode;
  if (consultant.isPending) {
    body = (
      <Center py="xl" role="status">
        <Loader size="sm" mr="sm" />
        <Text>Loading timings...</Text>
      </Center>
    );
  } else if (consultant.isError) {
    body = <Text c="dimmed">{timingMessages.loadFailed}</Text>;
  } else if (timings.length === 0) {
    body = (
      <Center py="xl">
        <Text c="dimmed">{timingMessages.empty}</Text>
      </Center>
    );
  } else {
    body = (
      <Table.ScrollContainer minWidth={900}>
        <Table striped verticalSpacing="sm">
          <VisuallyHidden component="caption">Timings</VisuallyHidden>
          <Table.Thead>
            <Table.Tr>
              {WEEKDAYS.map((day) => (
                <Table.Th key={day} scope="col">
                  {dayLabel(day)}
                </Table.Th>
              ))}
              <Table.Th scope="col">Actions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {timings.map((timing, index) => (
              <Table.Tr key={timing.guidId}>
                {WEEKDAYS.map((day) => (
                  <Table.Td key={day}>{timing[day] || "Closed"}</Table.Td>
                ))}
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Button
                      size="xs"
                      variant="default"
                      onClick={() => openForm(timing)}
                      aria-label={`Edit timing ${index + 1}`}
                    >
                      Edit
                    </Button>
                    <Button
                      size="xs"
                      variant="outline"
                      color="red.9"
                      onClick={() => setToDelete(timing)}
                      aria-label={`Delete timing ${index + 1}`}
                    >
                      Delete
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }

  return (
    <Stack gap="lg">
      <ManagerHeader
        title="Consultant Timings"
        consultantName={consultant.data?.name}
        addLabel="+ Add Timing"
        onAdd={() => openForm(null)}
        addDisabled={!consultant.data}
      />
      <Card withBorder padding="md">
        {body}
      </Card>
      <TimingFormModal
        opened={formOpen}
        consultantId={consultantId}
        timing={editing}
        isSaving={save.isPending}
        onClose={closeForm}
        onSave={saveTiming}
      />
      <ConfirmDialog
        opened={toDelete !== null}
        title="Delete Timing"
        message={timingMessages.deleteConfirm}
        busy={save.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
      />
    </Stack>
  );
}
