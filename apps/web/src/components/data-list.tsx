import { Card, Group, SimpleGrid, Stack, Tabs, Text, TextInput } from "@mantine/core";
import { useDebouncedValue, useLocalStorage, useMediaQuery } from "@mantine/hooks";
import { IconLayoutGrid, IconSearch, IconTable } from "@tabler/icons-react";
import { type ReactNode, useEffect, useState } from "react";
import type { useListParams } from "../lib/use-list-params";
import { ListPagination } from "./list-pagination";
import { type ListColumn, type ListQueryState, type ListSelection, ListTable } from "./list-table";

export type DataListView = "table" | "grid";

/** The spec's texts of a list screen, e.g. consultantListMessages. */
export interface DataListTexts {
  /** Accessible name of the table and the grid, e.g. "Consultants". */
  label: string;
  searchPlaceholder: string;
  loading: string;
  empty: string;
  emptySearch: string;
  /** A visible label of the search box (else its placeholder names it) and a hint under it. */
  searchLabel?: string;
  searchHint?: string;
  /** The empty text while filters are set, where the list has its own words for it. */
  emptyFiltered?: string;
  /** The error state's title, where the list has its own words for it. */
  loadFailed?: string;
}

export interface DataListProps<T> {
  texts: DataListTexts;
  /** Page and search as kept in the URL (useListParams); the active search shows the matching empty text. */
  params: ReturnType<typeof useListParams>;
  /** The list query: one page of rows plus the total. */
  query: ListQueryState & {
    data?: { data: T[]; total?: number | undefined; totalIsEstimate?: boolean | undefined } | undefined;
  };
  columns: ListColumn<T>[];
  /** A row as a card of the grid view; a list without cards shows its table only. */
  renderCard?: ((row: T) => ReactNode) | undefined;
  rowKey: (row: T) => string;
  /** Opens a row's record on a click on the row (its name cell holds the link itself). */
  onOpenRow?: ((row: T) => void) | undefined;
  defaultView?: DataListView;
  /** A toast on top of the error state, for the lists whose load failure the spec names. */
  loadFailedToast?: string;
  /** The list's filter row (FilterBar), under the search box. */
  filters?: ReactNode;
  /** Buttons beside the view switch, e.g. the export. */
  tools?: ReactNode;
  /** Rows that can be picked for a bulk action: a checkbox column in the table view. */
  selection?: ListSelection<T> | undefined;
  /** Above the rows while any is picked: the count and the bulk actions. */
  selectionBar?: ReactNode;
  /**
   * Paging of a list that gives no total (a history read by cursor), in place of the numbered pages, which
   * need one.
   */
  pager?: ReactNode;
}

/** Narrower than this (a phone), a list starts as cards: a table there hides its Action column off-screen. */
const NARROW_SCREEN = "(max-width: 48em)";

/**
 * Table or cards: the person's own choice, remembered per list in this browser; until they choose, cards on
 * a narrow screen and the list's default elsewhere.
 */
function useListView(label: string, fallback: DataListView) {
  const narrow = useMediaQuery(NARROW_SCREEN, undefined, { getInitialValueInEffect: false });
  const [chosen, setChosen] = useLocalStorage<DataListView | "">({
    key: `visadesk:list-view:${label}`,
    defaultValue: "",
    getInitialValueInEffect: false,
  });
  const view: DataListView = chosen || (narrow ? "grid" : fallback);
  return [view, setChosen] as const;
}

/**
 * The list screens: a table (default) or a card grid switched by icon tabs, a search box,
 * loading, empty and error states (those of ListTable), and Previous / numbered / Next pages shown only with more than one page.
 * Paging and search run on the server, so the list stays fast at 100k records.
 */
export function DataList<T>(props: DataListProps<T>) {
  const { texts, params } = props;
  const { pageSize } = params;
  const [chosenView, setView] = useListView(texts.label, props.defaultView ?? "table");
  const { renderCard } = props;
  const view: DataListView = renderCard ? chosenView : "table";
  const [typed, setTyped] = useState(params.search);
  const [debounced] = useDebouncedValue(typed, 250);
  const { setSearch, search } = params;
  useEffect(() => {
    if (debounced.trim() !== search) setSearch(debounced.trim());
  }, [debounced, search, setSearch]);

  const answer = props.query;
  const data = answer.data;

  // A page past the last one (an old link, ?page=999, the last record of a page deleted) shows the last
  // page instead of an empty list that is not empty; the address is corrected in place. A list without a
  // total knows no last page.
  const lastPage = Math.max(1, Math.ceil((data?.total ?? 0) / pageSize));
  const pastTheEnd =
    data?.total !== undefined && !data.totalIsEstimate && data.data.length === 0 && params.page > lastPage;
  const { setPage } = params;
  useEffect(() => {
    if (pastTheEnd) setPage(lastPage, { replace: true });
  }, [pastTheEnd, lastPage, setPage]);
  // Until then it is loading, not empty.
  const query = {
    ...answer,
    isPending: answer.isPending || pastTheEnd,
  };
  const rows = data?.data ?? [];
  const table = (
    <ListTable
      caption={texts.label}
      columns={props.columns}
      rows={rows}
      rowKey={props.rowKey}
      query={query}
      loadingText={texts.loading}
      empty={
        <Text c="dimmed">
          {params.filtered
            ? (texts.emptyFiltered ?? `No ${texts.label} match the search and filters`)
            : search
              ? texts.emptySearch
              : texts.empty}
        </Text>
      }
      errorTexts={{
        ...(texts.loadFailed
          ? { title: texts.loadFailed }
          : {
              title: `Error Loading ${texts.label}`,
              text: `Failed to load ${texts.label.toLowerCase()}. Please try again.`,
            }),
        ...(props.loadFailedToast ? { toast: props.loadFailedToast } : {}),
      }}
      renderRows={view === "grid" ? renderGrid : undefined}
      selection={view === "table" ? props.selection : undefined}
      onOpenRow={props.onOpenRow}
      sort={{ value: params.sort, onChange: params.setSort }}
      pager={
        props.pager ?? (
          <ListPagination
            total={data?.total ?? 0}
            totalIsEstimate={data?.totalIsEstimate}
            pageRows={data?.data.length}
            page={params.page}
            onChange={(page) => params.setPage(page)}
            pageSize={pageSize}
            onPageSizeChange={params.setPageSize}
          />
        )
      }
    />
  );
  function renderGrid(gridRows: T[]) {
    return (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} role="list" aria-label={texts.label}>
        {gridRows.map((row) => (
          <Card key={props.rowKey(row)} withBorder padding="md" role="listitem">
            {renderCard?.(row)}
          </Card>
        ))}
      </SimpleGrid>
    );
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <TextInput
          type="search"
          value={typed}
          onChange={(event) => setTyped(event.currentTarget.value)}
          placeholder={texts.searchPlaceholder}
          {...(texts.searchLabel ? { label: texts.searchLabel } : { "aria-label": texts.searchPlaceholder })}
          {...(texts.searchHint ? { description: texts.searchHint } : {})}
          leftSection={<IconSearch size={16} aria-hidden />}
          w={{ base: "100%", sm: 320 }}
        />
        <Group gap="sm">
          {props.tools}
          {renderCard ? (
            <Tabs
              value={view}
              onChange={(value) => setView(value === "grid" ? "grid" : "table")}
              variant="pills"
            >
              <Tabs.List>
                <Tabs.Tab
                  value="table"
                  aria-label="Table view"
                  leftSection={<IconTable size={18} aria-hidden />}
                />
                <Tabs.Tab
                  value="grid"
                  aria-label="Grid view"
                  leftSection={<IconLayoutGrid size={18} aria-hidden />}
                />
              </Tabs.List>
            </Tabs>
          ) : null}
        </Group>
      </Group>
      {props.filters}
      {props.selectionBar}
      {table}
    </Stack>
  );
}

/** "N/A" for a missing value. */
export const orNA = (value: string | number | null | undefined): string =>
  value === null || value === undefined || value === "" ? "N/A" : String(value);

/** One "Label: value" line of a grid card, "N/A" when the value is missing. */
export function CardLine({ label, value }: { label: string; value: string | null }) {
  return (
    <Text size="sm">
      <Text span fw={500}>
        {label}:
      </Text>{" "}
      {orNA(value)}
    </Text>
  );
}
