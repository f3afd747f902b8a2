import { Alert, Badge, Button, Group, Loader, Stack, Text, Title } from "@mantine/core";
import type { AuditEntry } from "@visadesk/contract/audit";
import type { Note, NoteEntity } from "@visadesk/contract/notes";
import { NOTE_MAX_LENGTH } from "@visadesk/contract/notes-constants";
import { type ReactNode, useMemo, useState } from "react";
import { GrowingTextarea } from "@/components/growing-textarea";
import { useAuth } from "@/lib/auth";
import { formatInstant } from "@/lib/date-time";
import { formatCount } from "@/lib/format-number";
import { HttpError } from "@/lib/http";
import { useMoneyFormat, usePublicSettings } from "@/lib/public-settings";
import { relativeTimeOf } from "@/lib/relative-time";
import { TaskActions } from "../tasks/task-actions";
import { useRecordTasks } from "../tasks/tasks-api";
import { ActorName, actorKindText } from "./actor-name";
import { actionWords, changeLines, subjectText, type ValueFormat } from "./describe-change";
import { useNotes, useRecordChanges, useSaveNote } from "./history-api";

/** How values and times read: fees in the currency, instants in the business time zone. */
export function useValueFormat(): ValueFormat & { exact: (iso: string) => string } {
  const money = useMoneyFormat();
  const { businessTimeZone } = usePublicSettings();
  return useMemo(() => {
    // The zone is named with every time: "12 Mar 2030, 17:18 (Asia/Karachi)".
    const instant = (iso: string) => formatInstant(iso, businessTimeZone);
    return { money, instant, exact: instant };
  }, [money, businessTimeZone]);
}

/** The server's message for a refused note (403/409/404), else a plain failure. */
function noteError(error: unknown): string {
  if (error instanceof HttpError) {
    const message = (error.response?.data as { message?: unknown } | undefined)?.message;
    if (typeof message === "string" && (error.response?.status ?? 500) < 500) return message;
  }
  return "The note could not be saved. Please try again.";
}

function When({ at, exact }: { at: string; exact: (iso: string) => string }) {
  return (
    <time dateTime={at} title={exact(at)}>
      {relativeTimeOf(at)}
    </time>
  );
}

/** The box that writes a new note, or edits one (with its text). */
function NoteEditor(props: { entity: NoteEntity; entityId: string; note?: Note; onDone?: () => void }) {
  const [text, setText] = useState(props.note?.text ?? "");
  const save = useSaveNote();
  const label = props.note ? "Edit note" : "Add note";
  const submit = () => {
    if (!text.trim()) return;
    save.mutate(
      { entity: props.entity, entityId: props.entityId, text, ...(props.note ? { id: props.note.id } : {}) },
      {
        onSuccess: () => {
          setText("");
          props.onDone?.();
        },
      },
    );
  };
  return (
    <Stack gap="xs">
      <GrowingTextarea
        label={label}
        minRows={2}
        maxLength={NOTE_MAX_LENGTH}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        description={`${formatCount(text.length)} / ${formatCount(NOTE_MAX_LENGTH)} characters`}
        error={save.isError ? noteError(save.error) : undefined}
      />
      <Group gap="xs">
        <Button size="xs" onClick={submit} loading={save.isPending} disabled={!text.trim()}>
          {props.note ? "Save note" : "Add note"}
        </Button>
        {props.onDone && props.note ? (
          <Button size="xs" variant="default" onClick={props.onDone}>
            Cancel
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}

/** One note: its author, when, its text; its author may edit it until it is fixed. */
function NoteItem({ note, exact }: { note: Note; exact: (iso: string) => string }) {
  const { user } = useAuth();
  const [editing, setEditing] = useState(false);
  const editable = note.author.guidId === user?.guidId && Date.now() < Date.parse(note.editableUntil);
  return (
    <Stack gap={4}>
      <Text size="sm">
        <Text span fw={600}>
          {note.author.name}
        </Text>{" "}
        · <When at={note.createdAt} exact={exact} /> · note
      </Text>
      {editing ? (
        <NoteEditor
          entity={note.entity}
          entityId={note.entityId}
          note={note}
          onDone={() => setEditing(false)}
        />
      ) : (
        <Text size="sm" style={{ whiteSpace: "pre-wrap" }}>
          {note.text}
        </Text>
      )}
      {editable && !editing ? (
        <Button size="compact-xs" variant="subtle" w="fit-content" onClick={() => setEditing(true)}>
          Edit note
        </Button>
      ) : null}
    </Stack>
  );
}

function ChangeItem({ entry, format }: { entry: AuditEntry; format: ReturnType<typeof useValueFormat> }) {
  const lines = changeLines(entry, format);
  // A task's row in its record's history says which task.
  const subject = subjectText(entry);
  const heading = subject && lines.length > 0 ? `${subject}:` : subject;
  return (
    <Stack gap={2}>
      <Text size="sm">
        {entry.actor ? (
          <>
            <ActorName actor={entry.actor} internalLink={false} fw={600} />
            {actorKindText(entry.actor) ? ` (${actorKindText(entry.actor)})` : null}
          </>
        ) : (
          <Text span fw={600}>
            System
          </Text>
        )}{" "}
        · <When at={entry.at} exact={format.exact} /> · {actionWords(entry.action)}
      </Text>
      {heading ? <Text size="sm">{heading}</Text> : null}
      {lines.length > 0 ? (
        <ul style={{ margin: 0, paddingInlineStart: "1.25rem" }}>
          {lines.map((line) => (
            <li key={line.label}>
              <Text size="sm" span>
                {line.label} {line.text}
              </Text>
            </li>
          ))}
        </ul>
      ) : null}
    </Stack>
  );
}

/** A record's notes with the box to add one: the side panel's Notes tab. */
export function RecordNotes({ entity, entityId }: { entity: NoteEntity; entityId: string }) {
  const notes = useNotes(entity, entityId);
  const format = useValueFormat();
  return (
    <Stack gap="md">
      <NoteEditor entity={entity} entityId={entityId} />
      {notes.isPending ? <Loader size="sm" aria-label="Loading notes" /> : null}
      {notes.isError ? <Alert color="red">The notes could not be loaded.</Alert> : null}
      {notes.data?.length === 0 ? (
        <Text size="sm" c="dimmed">
          No notes yet.
        </Text>
      ) : null}
      <Stack component="ul" gap="md" style={{ listStyle: "none", margin: 0, padding: 0 }} aria-label="Notes">
        {notes.data?.map((note) => (
          <li key={note.id}>
            <NoteItem note={note} exact={format.exact} />
          </li>
        ))}
      </Stack>
    </Stack>
  );
}

/** The tasks about a record (anyone's), open ones first: title, due date, assignee and state; each editable. */
function RecordTasks({ entity, entityId }: { entity: NoteEntity; entityId: string }) {
  const tasks = useRecordTasks(entity, entityId);
  const items = tasks.data?.data ?? [];
  if (tasks.isError) return <Alert color="red">The tasks could not be loaded.</Alert>;
  if (!tasks.isSuccess || items.length === 0) return null;
  return (
    <Stack gap={4} component="section" aria-labelledby={`tasks-${entityId}`}>
      <Title order={3} size="h5" id={`tasks-${entityId}`}>
        Tasks
      </Title>
      <Stack component="ul" gap={4} m={0} p={0} style={{ listStyle: "none" }}>
        {items.map((task) => (
          <Group component="li" key={task.id} gap="xs" wrap="nowrap">
            <Badge color={task.done ? "green.9" : task.overdue ? "red.9" : "blue.9"} variant="light">
              {task.done ? "Done" : task.overdue ? "Overdue" : "Open"}
            </Badge>
            <Text size="sm" style={{ flex: 1 }}>
              {task.title} · due {task.dueDate} · {task.assignee.name}
            </Text>
            <TaskActions task={task} />
          </Group>
        ))}
      </Stack>
    </Stack>
  );
}

/**
 * A record's History tab: who changed what and when, newest first and paged, with its notes in among the
 * changes, the box to add one, and the tasks about the record.
 */
export function RecordHistory({ entity, entityId }: { entity: NoteEntity; entityId: string }) {
  const changes = useRecordChanges(entity, entityId);
  const notes = useNotes(entity, entityId);
  const format = useValueFormat();

  const entries = useMemo(() => {
    const rows = changes.data?.pages.flatMap((page) => page.data) ?? [];
    // Notes older than the oldest change loaded wait for "Load more", so the order stays true.
    const oldest = changes.hasNextPage ? rows.at(-1)?.at : undefined;
    const items: Array<{ at: string; key: string; node: ReactNode }> = [
      ...rows.map((entry) => ({
        at: entry.at,
        key: `change-${entry.id}`,
        node: <ChangeItem entry={entry} format={format} />,
      })),
      ...(notes.data ?? [])
        .filter((note) => !oldest || note.createdAt >= oldest)
        .map((note) => ({
          at: note.createdAt,
          key: `note-${note.id}`,
          node: <NoteItem note={note} exact={format.exact} />,
        })),
    ];
    return items.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
  }, [changes.data, changes.hasNextPage, notes.data, format]);

  return (
    <Stack gap="md">
      <NoteEditor entity={entity} entityId={entityId} />
      <RecordTasks entity={entity} entityId={entityId} />
      {changes.isPending ? <Loader size="sm" aria-label="Loading history" /> : null}
      {changes.isError ? <Alert color="red">The history could not be loaded.</Alert> : null}
      {changes.isSuccess && entries.length === 0 ? (
        <Text size="sm" c="dimmed">
          No history yet.
        </Text>
      ) : null}
      <Stack
        component="ul"
        gap="md"
        style={{ listStyle: "none", margin: 0, padding: 0 }}
        aria-label="History"
      >
        {entries.map((item) => (
          <li key={item.key}>{item.node}</li>
        ))}
      </Stack>
      {changes.hasNextPage ? (
        <Button
          variant="default"
          w="fit-content"
          onClick={() => void changes.fetchNextPage()}
          loading={changes.isFetchingNextPage}
        >
          Load more
        </Button>
      ) : null}
    </Stack>
  );
}
