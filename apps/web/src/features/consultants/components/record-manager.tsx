import { Button, Card, Group, Stack, Text } from "@mantine/core";
import { type UseMutationResult, useQueryClient } from "@tanstack/react-query";
import { serverMessages } from "@visadesk/contract/common-constants";
import type { ConsultantDetail } from "@visadesk/contract/consultants";
import { type ComponentType, type ReactNode, useState } from "react";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { Dialog } from "@/components/dialog";
import { useDialogCloseGuard } from "@/components/dialog-close-guard";
import { type ListColumn, ListTable } from "@/components/list-table";
import { VersionConflictAlert } from "@/components/version-conflict-alert";
import { usePageTitle } from "@/lib/page-title";
import { isStaleVersion } from "@/lib/record-version";
import { notify } from "@/lib/toast";
import { useRecordSave } from "@/lib/use-record-save";
import { consultantQueryOptions, useConsultant } from "../api/get-consultant";
import { type ProbedList, useEndpointProbe } from "../api/probe-endpoint";
import { saveErrorMessage } from "../save-error-message";
import { ConsultantPageHeader } from "./consultant-page-header";

/** The spec's texts of one manager: timingMessages or addressMessages. */
export interface RecordMessages {
  loadFailed: string;
  added: string;
  updated: string;
  addFailed: string;
  updateFailed: string;
  deleted: string;
  deleteFailed: string;
  deleteConfirm: string;
  notFound: string;
  empty: string;
  probeNotFound: string;
  probeNotAllowed: string;
}

/** What the add / edit form of a timing or an address receives from its manager. */
export interface RecordFormProps<TRecord, TBody> {
  consultantId: string;
  /** The record being edited; null when adding. */
  record: TRecord | null;
  /** The form's accessible name: "Add Timing", "Edit Address"... */
  label: string;
  /** Saves, and rejects with the server's error so field errors can be shown. */
  onSave: (body: TBody) => Promise<unknown>;
  /** The Cancel and submit buttons, placed last in the form. */
  actions: ReactNode;
}

/** The body of an add or an edit: edits resend the record with its id and guidId; new ones have id 0. */
export function upsertBody<TRecord extends object, TFields extends object>(
  consultantId: string,
  record: TRecord | null,
  fields: TFields,
) {
  return record
    ? { ...record, ...fields, consultantId }
    : { id: 0, guidId: crypto.randomUUID(), consultantId, isActive: true, isDeleted: false, ...fields };
}

type ManagedRecord<TBody> = TBody & { guidId: string; isDeleted: boolean; version: number };

interface RecordManagerProps<TRecord extends ManagedRecord<TBody>, TBody> {
  /** The page heading and breadcrumb: "Consultant Timings". */
  title: string;
  /** One record in the buttons' and dialogs' words: "Timing". */
  kind: string;
  /** The table's accessible name: "Timings". */
  plural: string;
  messages: RecordMessages;
  /** The list endpoint probed when the manager opens. */
  probe: ProbedList;
  consultantId: string;
  recordsOf: (consultant: ConsultantDetail) => TRecord[];
  /** The save mutation: add, edit and soft delete all resend the record. */
  save: UseMutationResult<unknown, unknown, TBody>;
  columns: ListColumn<TRecord>[];
  minWidth: number;
  /** Names a row's Edit and Delete buttons: "timing 2", "address 1 Infinite Loop". */
  rowName: (record: TRecord, index: number) => string;
  Form: ComponentType<RecordFormProps<TRecord, TBody>>;
  /** The form's label of each field, for the alert naming what someone else changed. */
  fieldLabels: Partial<Record<keyof TRecord, string>>;
  /** What the records (not deleted) mean beyond the table, shown above it once they are loaded. */
  notice?: (records: TRecord[]) => ReactNode;
}

/**
 * The timings and addresses managers of one consultant: a table of the records that are
 * not deleted, an add / edit dialog, and a soft delete after confirmation, each with the spec's toasts.
 */
export function RecordManager<TRecord extends ManagedRecord<TBody>, TBody>(
  props: RecordManagerProps<TRecord, TBody>,
) {
  const { messages, save, kind } = props;
  useEndpointProbe(props.probe, messages.probeNotFound, messages.probeNotAllowed);
  const consultant = useConsultant(props.consultantId);
  usePageTitle(props.title, consultant.data?.name);
  const [formOpen, setFormOpen] = useState(false);
  const [toDelete, setToDelete] = useState<TRecord | null>(null);
  const queryClient = useQueryClient();
  /** The record as stored now (null when it is gone), read again past the cache. */
  const latestOf = async (record: TRecord) => {
    const detail = await queryClient.fetchQuery({
      ...consultantQueryOptions(props.consultantId),
      staleTime: 0,
    });
    return props
      .recordsOf(detail)
      .find((candidate) => candidate.guidId === record.guidId && !candidate.isDeleted);
  };

  /**
   * The record in the dialog (none when adding). An edit refused because its version was not current shows
   * what changed, the person's edits staying until Reload; Reload starts the form again from the stored
   * record (a new key remounts it). A record gone meanwhile closes the dialog.
   */
  const recordSave = useRecordSave<TRecord>({
    record: undefined,
    fetchLatest: latestOf,
    labels: props.fieldLabels,
    onGone: () => {
      notify.error(messages.notFound);
      closeForm();
    },
  });
  const { conflict, refusedAsStale, reload } = recordSave;
  const editing = recordSave.record ?? null;

  const records = consultant.data
    ? props.recordsOf(consultant.data).filter((record) => !record.isDeleted)
    : [];
  const openForm = (record: TRecord | null) => {
    recordSave.open(record ?? undefined);
    setFormOpen(true);
  };
  const closeForm = () => {
    setFormOpen(false);
    recordSave.open(undefined);
  };
  const formClose = useDialogCloseGuard(closeForm);

  const saveRecord = (body: TBody) =>
    save.mutateAsync(body, {
      onSuccess: () => {
        notify.success(editing ? messages.updated : messages.added);
        closeForm();
      },
      onError: async (error) => {
        if (await refusedAsStale(error)) return;
        notify.error(
          saveErrorMessage(error, editing ? messages.updateFailed : messages.addFailed, { with401: true }),
        );
      },
    });

  const confirmDelete = () => {
    const record = records.find((candidate) => candidate.guidId === toDelete?.guidId);
    if (!record) {
      notify.error(messages.notFound);
      return setToDelete(null);
    }
    // Never truly removed: the record is resent with isDeleted true.
    save.mutate(
      { ...record, isDeleted: true },
      {
        onSuccess: () => notify.success(messages.deleted),
        // A record changed since the list was shown is not deleted: the list reloads to show it as it is.
        onError: (error) => {
          if (!isStaleVersion(error)) return notify.error(messages.deleteFailed);
          notify.error(serverMessages.staleVersion);
          void queryClient.invalidateQueries({
            queryKey: consultantQueryOptions(props.consultantId).queryKey,
          });
        },
        onSettled: () => setToDelete(null),
      },
    );
  };

  const table = (
    <ListTable
      caption={props.plural}
      columns={props.columns}
      rows={records}
      rowKey={(record) => record.guidId}
      query={consultant}
      loadingText={`Loading ${props.plural.toLowerCase()}...`}
      empty={<Text c="dimmed">{messages.empty}</Text>}
      errorTexts={{ title: messages.loadFailed, toast: messages.loadFailed }}
      minWidth={props.minWidth}
      highlightOnHover={false}
      rowActions={{
        header: "Actions",
        cell: (record, index) => (
          <Group gap="xs" wrap="nowrap">
            <Button
              size="xs"
              variant="default"
              onClick={() => openForm(record)}
              aria-label={`Edit ${props.rowName(record, index)}`}
            >
              Edit
            </Button>
            <Button
              size="xs"
              variant="outline"
              color="red.9"
              onClick={() => setToDelete(record)}
              aria-label={`Delete ${props.rowName(record, index)}`}
            >
              Delete
            </Button>
          </Group>
        ),
      }}
    />
  );

  const formLabel = `${editing ? "Edit" : "Add"} ${kind}`;
  return (
    <Stack gap="lg">
      <ConsultantPageHeader
        title={props.title}
        consultantName={consultant.data?.name}
        action={
          <Button onClick={() => openForm(null)} disabled={!consultant.data}>
            {`+ Add ${kind}`}
          </Button>
        }
      />
      {consultant.data && props.notice ? props.notice(records) : null}
      <Card withBorder padding="md">
        {table}
      </Card>
      <Dialog
        opened={formOpen}
        {...formClose.modalProps}
        title={formLabel}
        closeButtonProps={{ "aria-label": "Close" }}
        size="lg"
      >
        {conflict ? <VersionConflictAlert changed={conflict.changed} onReload={reload} /> : null}
        {formOpen
          ? formClose.scope(
              <props.Form
                key={editing ? `${editing.guidId}@${editing.version}` : "new"}
                consultantId={props.consultantId}
                record={editing}
                label={formLabel}
                onSave={saveRecord}
                actions={
                  <Group justify="flex-end">
                    <Button variant="default" onClick={formClose.requestClose} disabled={save.isPending}>
                      Cancel
                    </Button>
                    <Button type="submit" disabled={save.isPending} loading={save.isPending}>
                      {editing ? `Update ${kind}` : `Add ${kind}`}
                    </Button>
                  </Group>
                }
              />,
            )
          : null}
      </Dialog>
      {formClose.prompt}
      <ConfirmDialog
        opened={toDelete !== null}
        title={`Delete ${kind}`}
        message={messages.deleteConfirm}
        busy={save.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
      />
    </Stack>
  );
}
