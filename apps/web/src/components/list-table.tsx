import { Alert, Button, Center, Stack, Table, Text, VisuallyHidden } from "@mantine/core";
import { type ReactNode, useEffect } from "react";
import { errorMessage, statusOf } from "../lib/http";
import { notify } from "../lib/toast";
import { LoadingState } from "./loading-state";
import { LongText } from "./long-text";

/** One column of a list table: its header (the spec's text) and what a row shows in it. */
export interface ListColumn<T> {
  header: string;
  cell: (row: T, index: number) => ReactNode;
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
      {texts.text && (
        <Text size="sm" mb={4}>
          {texts.text}
        </Text>
      )}
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
  /** Shows the rows another way (a card grid) instead of the table; the states stay the same. */
  renderRows?: ((rows: T[]) => ReactNode) | undefined;
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

/** A plain text cell (an email, an address) is cut to its column, the whole text on hover. */
const cellContent = (content: ReactNode) =>
  typeof content === "string" ? <LongText>{content}</LongText> : content;

/** Every list's table: caption, column headers, row actions and one loading, empty and error state. */
export function ListTable<T>(props: ListTableProps<T>) {
  const { query, rows, columns, rowActions } = props;
  let body: ReactNode;
  if (query.isPending) body = <LoadingState text={props.loadingText} />;
  else if (query.isError) body = <LoadErrorState texts={props.errorTexts} query={query} />;
  else if (rows.length === 0) body = <Center py="xl">{props.empty}</Center>;
  else if (props.renderRows) body = props.renderRows(rows);
  else {
    body = (
      <Table.ScrollContainer minWidth={props.minWidth ?? 720}>
        <Table striped highlightOnHover={props.highlightOnHover ?? true} verticalSpacing="sm">
          <VisuallyHidden component="caption">{props.caption}</VisuallyHidden>
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => (
                <Table.Th key={column.header} scope="col">
                  {column.header}
                </Table.Th>
              ))}
              {rowActions && (
                <Table.Th scope="col" style={stickyActions}>
                  {rowActions.header}
                </Table.Th>
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row, index) => (
              <Table.Tr key={props.rowKey(row)}>
                {columns.map((column) => (
                  <Table.Td key={column.header}>{cellContent(column.cell(row, index))}</Table.Td>
                ))}
                {rowActions && <Table.Td style={stickyActions}>{rowActions.cell(row, index)}</Table.Td>}
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
