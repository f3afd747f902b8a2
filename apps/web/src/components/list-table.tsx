// The checkbox column's styles come with the table: lists without selection load them once, early.
import "@mantine/core/styles/Checkbox.css";
import {
  Alert,
  Button,
  Center,
  Checkbox,
  Group,
  Stack,
  Table,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from "@mantine/core";
import { IconArrowDown, IconArrowsSort, IconArrowUp } from "@tabler/icons-react";
import { type MouseEvent, type ReactNode, useEffect } from "react";
import { errorMessage, statusOf } from "../lib/http";
import { notify } from "../lib/toast";
import { LoadingState } from "./loading-state";
import { LongText } from "./long-text";

/** One column of a list table: its header (the spec's text) and what a row shows in it. */
export interface ListColumn<T> {
  header: string;
  cell: (row: T, index: number) => ReactNode;
  /** The server's sort field of this column; its header then sorts the list by it. */
  sortField?: string;
  /** Kept at the right edge while the table scrolls sideways (the Action column): always in reach. */
  pinned?: boolean;
}

/** The list's order: a sort field, "-" first for descending ("" = the list's own order). */
export interface ListSort {
  value: string;
  onChange: (next: string) => void;
}

/**
 * A sortable column's header: a button inside the header cell (so it is reached and pressed by keyboard),
 * the cell's aria-sort telling screen readers the current order. A first press sorts ascending, the next
 * one descending, and so on.
 */
function SortableHeader({ header, field, sort }: { header: string; field: string; sort: ListSort }) {
  const state = sort.value === field ? "ascending" : sort.value === `-${field}` ? "descending" : "none";
  const Icon = state === "ascending" ? IconArrowUp : state === "descending" ? IconArrowDown : IconArrowsSort;
  return (
    <Table.Th scope="col" aria-sort={state}>
      <UnstyledButton
        onClick={() => sort.onChange(state === "ascending" ? `-${field}` : field)}
        fw={700}
        fz="sm"
      >
        <Group gap={4} wrap="nowrap" component="span">
          {header}
          <Icon size={14} aria-hidden />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

/** Rows picked for a bulk action: a first column of checkboxes, the header's one picking the whole page. */
export interface ListSelection<T> {
  /** The id the bulk action names the row by. */
  idOf: (row: T) => string;
  /** The row in words, for its checkbox's name ("Select Ali Consulting"). */
  labelOf: (row: T) => string;
  selected: ReadonlySet<string>;
  /** Picks (or unpicks) these rows. */
  onChange: (ids: string[], picked: boolean) => void;
}

/** The part of a list's query that decides which state the list shows. */
export interface ListQueryState {
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  error: unknown;
  /** Changes with every failed load, so each failure toasts once and a retry that fails toasts again. */
  errorUpdatedAt: number;
  refetch: () => unknown;
}

/** What a list shows when its load failed. */
export interface ListErrorTexts {
  title: string;
  /** A line under the title, before the reason. */
  text?: string;
  /** A toast shown once per failure; lists without one show the state alone. */
  toast?: string;
}

/**
 * A failed load: the reason and a Retry button, never the empty text, so a list that could not load is
 * never mistaken for a list with nothing in it.
 */
export function LoadErrorState({ texts, query }: { texts: ListErrorTexts; query: ListQueryState }) {
  const reason = errorMessage(query.error);
  // A lost session has had its own toast already.
  const toast = statusOf(query.error) === 401 ? undefined : texts.toast;
  useEffect(() => {
    // The toast's id keeps one toast when the same failure is reported twice at once.
    if (toast && query.errorUpdatedAt) notify.error(toast, { toastId: `${toast}@${query.errorUpdatedAt}` });
  }, [toast, query.errorUpdatedAt]);
  return (
    <Alert color="red" title={texts.title}>
      {texts.text ? (
        <Text size="sm" mb={4}>
          {texts.text}
        </Text>
      ) : null}
      {reason !== texts.text && reason !== texts.title && (
        <Text size="sm" mb="sm">
          {`Reason: ${reason}`}
        </Text>
      )}
      <Button size="xs" color="red.9" onClick={() => query.refetch()} loading={query.isFetching}>
        Retry
      </Button>
    </Alert>
  );
}

export interface ListTableProps<T> {
  /** The table's accessible name, e.g. "Consultants" (a caption only screen readers see). */
  caption: string;
  columns: ListColumn<T>[];
  rows: T[];
  rowKey: (row: T) => string | number;
  query: ListQueryState;
  loadingText: string;
  /** What a loaded list with no rows shows: the spec's empty text. */
  empty: ReactNode;
  errorTexts: ListErrorTexts;
  /** A last column of per-row buttons; their accessible names must say which row they act on. */
  rowActions?: { header: string; cell: (row: T, index: number) => ReactNode };
  /** Under the rows once the list has loaded: Previous / numbered / Next pages. */
  pager?: ReactNode;
  /** Below this width the table scrolls sideways instead of squeezing its columns. */
  minWidth?: number;
  highlightOnHover?: boolean;
  /** The list's order, for the columns that have a sortField. */
  sort?: ListSort | undefined;
  /** Opt-in: a checkbox column for bulk actions. */
  selection?: ListSelection<T> | undefined;
  /** Shows the rows another way (a card grid) instead of the table; the states stay the same. */
  renderRows?: ((rows: T[]) => ReactNode) | undefined;
  /**
   * Opens a row's record on a click anywhere on the row outside its controls. The row's name cell holds the
   * real link (RecordLink), which keyboard and middle-click users take; this only widens the mouse's target.
   */
  onOpenRow?: ((row: T) => void) | undefined;
}

/**
 * The row buttons stay at the right edge while a narrow screen scrolls the table sideways, a shadow marking
 * that more columns lie under them: a row's actions are never scrolled out of reach.
 */
const stickyActions = {
  position: "sticky",
  right: 0,
  background: "var(--mantine-color-body)",
  boxShadow: "-6px 0 6px -6px rgba(0, 0, 0, 0.3)",
} as const;

/**
 * Whether a click on a row is one that opens it: not on a control (link, button, checkbox, menu), not the end
 * of a text selection, and inside the row itself (a menu or dialog opened from the row is portalled elsewhere
 * in the page, though React hands its clicks to the row).
 */
export function opensRow(event: MouseEvent<HTMLElement>): boolean {
  const target = event.target as Element;
  if (event.button !== 0 || !event.currentTarget.contains(target)) return false;
  const controls =
    "a, button, input, select, textarea, label, [role='button'], [role='menuitem'], [data-row-control]";
  if (target.closest(controls)) {
    return false;
  }
  return !window.getSelection()?.toString();
}

/** A plain text cell (an email, an address) is cut to its column, the whole text on hover. */
const cellContent = (content: ReactNode) =>
  typeof content === "string" ? <LongText>{content}</LongText> : content;

/** Every list's table: caption, column headers, row actions and one loading, empty and error state. */
export function ListTable<T>(props: ListTableProps<T>) {
  const { query, rows, columns, rowActions, selection } = props;
  const pageIds = selection ? rows.map(selection.idOf) : [];
  const pickedOnPage = selection ? pageIds.filter((id) => selection.selected.has(id)).length : 0;
  let body: ReactNode;
  if (query.isPending) body = <LoadingState text={props.loadingText} />;
  else if (query.isError) body = <LoadErrorState texts={props.errorTexts} query={query} />;
  else if (rows.length === 0) body = <Center py="xl">{props.empty}</Center>;
  else if (props.renderRows) body = props.renderRows(rows);
  else {
    body = (
      // The browser's own horizontal scrolling: a scroll area component re-rendered the table synchronously
      // from its refs and effects as it mounted, and touch screens scroll it natively anyway.
      <Table.ScrollContainer type="native" minWidth={props.minWidth ?? 720}>
        <Table striped highlightOnHover={props.highlightOnHover ?? true} verticalSpacing="sm">
          <VisuallyHidden component="caption">{props.caption}</VisuallyHidden>
          <Table.Thead>
            <Table.Tr>
              {selection ? (
                <Table.Th scope="col" w={40}>
                  <Checkbox
                    aria-label="Select all on this page"
                    checked={pickedOnPage > 0 && pickedOnPage === pageIds.length}
                    indeterminate={pickedOnPage > 0 && pickedOnPage < pageIds.length}
                    onChange={(event) => selection.onChange(pageIds, event.currentTarget.checked)}
                  />
                </Table.Th>
              ) : null}
              {columns.map((column) =>
                column.sortField && props.sort ? (
                  <SortableHeader
                    key={column.header}
                    header={column.header}
                    field={column.sortField}
                    sort={props.sort}
                  />
                ) : (
                  <Table.Th key={column.header} scope="col" style={column.pinned ? stickyActions : undefined}>
                    {column.header}
                  </Table.Th>
                ),
              )}
              {rowActions ? (
                <Table.Th scope="col" style={stickyActions}>
                  {rowActions.header}
                </Table.Th>
              ) : null}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row, index) => (
              <Table.Tr
                key={props.rowKey(row)}
                onClick={props.onOpenRow ? (event) => opensRow(event) && props.onOpenRow?.(row) : undefined}
                style={props.onOpenRow ? { cursor: "pointer" } : undefined}
                bg={
                  selection?.selected.has(selection.idOf(row))
                    ? "var(--mantine-primary-color-light)"
                    : undefined
                }
              >
                {selection ? (
                  // A click beside the box is a missed pick, not a wish to open the row.
                  <Table.Td data-row-control>
                    <Checkbox
                      aria-label={`Select ${selection.labelOf(row)}`}
                      checked={selection.selected.has(selection.idOf(row))}
                      onChange={(event) =>
                        selection.onChange([selection.idOf(row)], event.currentTarget.checked)
                      }
                    />
                  </Table.Td>
                ) : null}
                {columns.map((column) => (
                  <Table.Td
                    key={column.header}
                    style={column.pinned ? stickyActions : undefined}
                    data-row-control={column.pinned || undefined}
                  >
                    {cellContent(column.cell(row, index))}
                  </Table.Td>
                ))}
                {rowActions ? (
                  <Table.Td style={stickyActions} data-row-control>
                    {rowActions.cell(row, index)}
                  </Table.Td>
                ) : null}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }
  return (
    <Stack gap="md">
      {body}
      {!query.isPending && props.pager}
    </Stack>
  );
}
