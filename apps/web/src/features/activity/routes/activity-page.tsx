import { Alert, Button, Group, Stack, Text, TextInput, Title } from "@mantine/core";
import type { AuditEntry } from "@visadesk/contract/audit";
import { AUDIT_ACTIONS, AUDIT_ENTITIES, AUDIT_SEARCH_WINDOW } from "@visadesk/contract/audit-constants";
import { auditEndpoints } from "@visadesk/contract/audit-endpoints";
import { serverMessages } from "@visadesk/contract/common-constants";
import { DataList } from "@/components/data-list";
import { ExportButton } from "@/components/export-button";
import type { ListColumn } from "@/components/list-table";
import { actionWords, changeSummary } from "@/components/record-history/describe-change";
import { useValueFormat } from "@/components/record-history/record-history";
import { SelectOnDemand } from "@/components/select-on-demand";
import { useAuth } from "@/lib/auth";
import { usePageTitle } from "@/lib/page-title";
import { relativeTimeOf } from "@/lib/relative-time";
import { useListParams } from "@/lib/use-list-params";
import { type ActivityFilters, activityQuery, useActivity, usePeople } from "../api/get-activity";
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

const NO_MATCH = "No activity matches these filters.";
const texts = {
  label: "Activity",
  searchLabel: "Search activity",
  searchPlaceholder: "Person or record name",
  searchHint: "At least 2 characters",
  loading: "Loading activity",
  empty: NO_MATCH,
  emptySearch: NO_MATCH,
  emptyFiltered: NO_MATCH,
  loadFailed: "The activity could not be loaded.",
};

function ActivityFeed() {
  // Filters, search and page live in the address: a filtered view is shareable and survives reload and Back.
  const params = useListParams(FILTER_KEYS);
  const { page, setPage } = params;
  const filters: ActivityFilters = { ...params.filters, search: params.search };
  const activity = useActivity(filters, page);
  const format = useValueFormat();

  const columns: ListColumn<AuditEntry>[] = [
    {
      header: "When",
      cell: (entry) => (
        <time dateTime={entry.at} title={format.exact(entry.at)}>
          {relativeTimeOf(entry.at)}
        </time>
      ),
    },
    { header: "Who", cell: (entry) => <WhoCell entry={entry} /> },
    // Fragments: the texts show whole, not cut to their column as a plain text cell is.
    { header: "Action", cell: (entry) => <>{actionWords(entry.action)}</> },
    { header: "Record", cell: (entry) => <RecordCell entry={entry} /> },
    { header: "Changes", cell: (entry) => <>{changeSummary(entry, format)}</> },
  ];

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        Activity
      </Title>
      <DataList
        texts={texts}
        params={params}
        query={activity}
        columns={columns}
        rowKey={(entry) => entry.id}
        filters={<ActivityFilterRow params={params} searchLimited={Boolean(activity.data?.searchLimited)} />}
        tools={
          <ExportButton
            endpoint={auditEndpoints.export}
            query={activityQuery(filters)}
            total={undefined}
            label="Export CSV"
            fileName={`activity-${new Date().toISOString().slice(0, 10)}.csv`}
          />
        }
        // The history gives no total: Previous and Next, the pages read over its cursor.
        pager={
          <Group gap="sm">
            <Button variant="default" disabled={page === 1} onClick={() => setPage(page - 1)}>
              Previous page
            </Button>
            <Text size="sm">Page {page}</Text>
            <Button variant="default" disabled={!activity.data?.nextCursor} onClick={() => setPage(page + 1)}>
              Next page
            </Button>
          </Group>
        }
      />
    </Stack>
  );
}

/** Person, record type, action and dates; and, when the search read only the newest entries, so. */
function ActivityFilterRow({
  params,
  searchLimited,
}: {
  params: ReturnType<typeof useListParams<(typeof FILTER_KEYS)[number]>>;
  searchLimited: boolean;
}) {
  const people = usePeople();
  const { filters } = params;
  const set = (field: (typeof FILTER_KEYS)[number]) => (value: string | null) =>
    params.setFilters({ [field]: value ?? "" });
  return (
    <>
      <Group align="flex-end" gap="sm" role="search" aria-label="Filter activity">
        <SelectOnDemand
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
        <SelectOnDemand
          label="Record type"
          placeholder="Any record"
          clearable
          value={filters.entity || null}
          onChange={set("entity")}
          data={AUDIT_ENTITIES.map((entity) => ({ value: entity, label: RECORD_TYPES[entity] ?? entity }))}
        />
        <SelectOnDemand
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
      {searchLimited ? (
        <Text size="sm" role="status">
          Searched the newest {AUDIT_SEARCH_WINDOW.toLocaleString("en")} entries; narrow the dates to search
          further back.
        </Text>
      ) : null}
    </>
  );
}
