import "@mantine/core/styles/Combobox.css";
import { Alert, Button, Group, Loader, Select, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { AUDIT_ACTIONS, AUDIT_ENTITIES, AUDIT_SEARCH_WINDOW } from "@visadesk/contract/audit";
import { serverMessages } from "@visadesk/contract/common-constants";
import { useEffect, useRef, useState } from "react";
import { actionWords, changeSummary } from "@/components/record-history/describe-change";
import { useValueFormat } from "@/components/record-history/record-history";
import { useAuth } from "@/lib/auth";
import { usePageTitle } from "@/lib/page-title";
import { relativeTimeOf } from "@/lib/relative-time";
import { notify } from "@/lib/toast";
import { useListParams } from "@/lib/use-list-params";
import { type ActivityFilters, downloadActivityCsv, useActivity, usePeople } from "../api/get-activity";
import { RECORD_TYPES, RecordCell, WhoCell } from "../components/activity-cells";

/**
 * /activity: every change, sign-in and export, filtered by person, record type, action and date and
 * searched by a person's or a record's name (Admin).
 */
export default function ActivityPage() {
  usePageTitle("Activity");
  const { user } = useAuth();
  if (!user?.roles?.includes("Admin")) {
    return (
      <Stack gap="lg">
        <Title order={1} size="h2">
          Activity
        </Title>
        <Alert color="red" role="alert">
          {serverMessages.forbidden}
        </Alert>
      </Stack>
    );
  }
  return <ActivityFeed />;
}

const FILTER_KEYS = ["actorId", "entity", "action", "from", "to"] as const;

function ActivityFeed() {
  // Filters, search and page live in the address: a filtered view is shareable and survives reload and Back.
  const params = useListParams(FILTER_KEYS);
  const { page, setPage } = params;
  const filters: ActivityFilters = { ...params.filters, search: params.search };
  const [searchText, setSearchText] = useState(params.search);
  const [typed] = useDebouncedValue(searchText, 300);
  const { search, setSearch } = params;
  // Only a change of what was typed moves the address; the address moving (Back) refills the box.
  const inAddress = useRef(search);
  inAddress.current = search;
  useEffect(() => {
    if (typed !== inAddress.current) setSearch(typed);
  }, [typed, setSearch]);
  useEffect(() => setSearchText(search), [search]);
  const [exporting, setExporting] = useState(false);
  const activity = useActivity(filters, page);
  const people = usePeople();
  const format = useValueFormat();
  const set = (field: (typeof FILTER_KEYS)[number]) => (value: string | null) =>
    params.setFilters({ [field]: value ?? "" });
  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadActivityCsv(filters);
    } catch (error) {
      notify.failure("The export failed", error);
    } finally {
      setExporting(false);
    }
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={1} size="h2">
          Activity
        </Title>
        <Button variant="default" onClick={exportCsv} loading={exporting}>
          Export CSV
        </Button>
      </Group>
      <Group align="flex-end" gap="sm" role="search" aria-label="Filter activity">
        <TextInput
          label="Search activity"
          placeholder="Person or record name"
          value={searchText}
          onChange={(event) => setSearchText(event.currentTarget.value)}
          description="At least 2 characters"
        />
        <Select
          label="Person"
          placeholder="Anyone"
          clearable
          searchable
          value={filters.actorId || null}
          onChange={set("actorId")}
          data={(people.data ?? []).map((person) => ({
            value: person.guidId,
            label: [person.firstName, person.lastName].filter(Boolean).join(" ") || person.userName,
          }))}
        />
        <Select
          label="Record type"
          placeholder="Any record"
          clearable
          value={filters.entity || null}
          onChange={set("entity")}
          data={AUDIT_ENTITIES.map((entity) => ({ value: entity, label: RECORD_TYPES[entity] ?? entity }))}
        />
        <Select
          label="Action"
          placeholder="Any action"
          clearable
          value={filters.action || null}
          onChange={set("action")}
          data={AUDIT_ACTIONS.map((action) => ({ value: action, label: actionWords(action) }))}
        />
        <TextInput
          label="From"
          type="date"
          value={filters.from}
          onChange={(event) => set("from")(event.currentTarget.value)}
        />
        <TextInput
          label="To"
          type="date"
          value={filters.to}
          onChange={(event) => set("to")(event.currentTarget.value)}
        />
      </Group>
      {activity.isError ? <Alert color="red">The activity could not be loaded.</Alert> : null}
      {activity.data?.searchLimited ? (
        <Text size="sm" role="status">
          Searched the newest {AUDIT_SEARCH_WINDOW.toLocaleString("en")} entries; narrow the dates to search
          further back.
        </Text>
      ) : null}
      {activity.isPending ? <Loader aria-label="Loading activity" /> : null}
      {activity.data ? (
        <Table.ScrollContainer minWidth={720}>
          <Table striped aria-label="Activity">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>When</Table.Th>
                <Table.Th>Who</Table.Th>
                <Table.Th>Action</Table.Th>
                <Table.Th>Record</Table.Th>
                <Table.Th>Changes</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {activity.data.data.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={5}>
                    <Text size="sm">No activity matches these filters.</Text>
                  </Table.Td>
                </Table.Tr>
              ) : null}
              {activity.data.data.map((entry) => (
                <Table.Tr key={entry.id}>
                  <Table.Td>
                    <time dateTime={entry.at} title={format.exact(entry.at)}>
                      {relativeTimeOf(entry.at)}
                    </time>
                  </Table.Td>
                  <Table.Td>
                    <WhoCell entry={entry} />
                  </Table.Td>
                  <Table.Td>{actionWords(entry.action)}</Table.Td>
                  <Table.Td>
                    <RecordCell entry={entry} />
                  </Table.Td>
                  <Table.Td>{changeSummary(entry, format)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
      <Group gap="sm">
        <Button variant="default" disabled={page === 1} onClick={() => setPage(page - 1)}>
          Previous page
        </Button>
        <Text size="sm">Page {page}</Text>
        <Button variant="default" disabled={!activity.data?.nextCursor} onClick={() => setPage(page + 1)}>
          Next page
        </Button>
      </Group>
    </Stack>
  );
}
