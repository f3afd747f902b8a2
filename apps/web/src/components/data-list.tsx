import {
  Card,
  Center,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  VisuallyHidden,
} from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconLayoutGrid, IconSearch, IconTable } from "@tabler/icons-react";
import { PAGE_SIZE } from "@visadesk/contract/common-constants";
import { type ReactNode, useDeferredValue, useEffect, useState } from "react";
import type { useListParams } from "../lib/use-list-params";
import { ListPagination } from "./list-pagination";

export interface DataListColumn<T> {
  header: string;
  cell: (row: T) => ReactNode;
}

export type DataListView = "table" | "grid";

/** The spec's texts of a list screen, e.g. consultantListTexts. */
export interface DataListTexts {
  /** Accessible name of the table and the grid, e.g. "Consultants". */
  label: string;
  searchPlaceholder: string;
  loading: string;
  empty: string;
  emptySearch: string;
}

export interface DataListProps<T> {
  texts: DataListTexts;
  /** Page and search as kept in the URL (useListParams); the active search shows the matching empty text. */
  params: ReturnType<typeof useListParams>;
  /** The list query: one page of rows plus the total. */
  query: {
    data?: { data: T[]; total?: number | undefined; totalIsEstimate?: boolean | undefined } | undefined;
    isPending: boolean;
  };
  columns: DataListColumn<T>[];
  renderCard: (row: T) => ReactNode;
  rowKey: (row: T) => string;
  pageSize?: number;
  defaultView?: DataListView;
}

/**
 * The list screens of spec section 2: a table (default) or a card grid switched by icon tabs, a search box,
 * loading and empty texts, and Previous / numbered / Next pages shown only with more than one page.
 * Paging and search run on the server, so the list stays fast at 100k records.
 */
export function DataList<T>(props: DataListProps<T>) {
  const { texts, params } = props;
  const pageSize = props.pageSize ?? PAGE_SIZE;
  const [view, setView] = useState<DataListView>(props.defaultView ?? "table");
  const [typed, setTyped] = useState(params.search);
  const [debounced] = useDebouncedValue(typed, 250);
  const { setSearch, search } = params;
  useEffect(() => {
    if (debounced.trim() !== search) setSearch(debounced.trim());
  }, [debounced, search, setSearch]);

  // The rows of a new answer render as a transition (in slices, not one long task); until then the
  // previous ones, or the loading text, stay.
  const data = useDeferredValue(props.query.data);
  const isLoading = props.query.isPending || (data === undefined && props.query.data !== undefined);
  const rows = data?.data ?? [];

  let body: ReactNode;
  if (isLoading) {
    body = (
      <Center py="xl" role="status">
        <Loader size="sm" mr="sm" />
        <Text>{texts.loading}</Text>
      </Center>
    );
  } else if (rows.length === 0) {
    body = (
      <Center py="xl">
        <Text c="dimmed">{search ? texts.emptySearch : texts.empty}</Text>
      </Center>
    );
  } else if (view === "table") {
    body = (
      <Table.ScrollContainer minWidth={720}>
        <Table striped highlightOnHover verticalSpacing="sm">
          <VisuallyHidden component="caption">{texts.label}</VisuallyHidden>
          <Table.Thead>
            <Table.Tr>
              {props.columns.map((column) => (
                <Table.Th key={column.header} scope="col">
                  {column.header}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={props.rowKey(row)}>
                {props.columns.map((column) => (
                  <Table.Td key={column.header}>{column.cell(row)}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  } else {
    body = (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} role="list" aria-label={texts.label}>
        {rows.map((row) => (
          <Card key={props.rowKey(row)} withBorder padding="md" role="listitem">
            {props.renderCard(row)}
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
          aria-label={texts.searchPlaceholder}
          leftSection={<IconSearch size={16} aria-hidden />}
          w={{ base: "100%", sm: 320 }}
        />
        <Tabs value={view} onChange={(value) => setView(value === "grid" ? "grid" : "table")} variant="pills">
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
      </Group>
      {body}
      {!isLoading && (
        <ListPagination
          total={data?.total ?? 0}
          totalIsEstimate={data?.totalIsEstimate}
          pageRows={data?.data.length}
          page={params.page}
          onChange={params.setPage}
          pageSize={pageSize}
        />
      )}
    </Stack>
  );
}

/** "N/A" for a missing value (spec section 2). */
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
