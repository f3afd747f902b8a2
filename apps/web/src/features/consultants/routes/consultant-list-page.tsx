import { Badge, Button, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { deletedFilterMessages } from "@visadesk/contract/common-constants";
import type { Consultant } from "@visadesk/contract/consultants";
import {
  COUNTRY_OPTIONS,
  consultantMessages,
  consultantListMessages as texts,
} from "@visadesk/contract/consultants-constants";
import { consultantEndpoints } from "@visadesk/contract/consultants-endpoints";
import type { ConsultantBulkBody } from "@visadesk/contract/lists";
import type { ConsultantSort } from "@visadesk/contract/lists-constants";
import type { ReactNode } from "react";
import { Link, useNavigate } from "react-router";
import type { BulkAction } from "@/components/bulk-action";
import { BulkBar, exactCount, matchingIds } from "@/components/bulk-actions";
import { CardLine, DataList, orNA } from "@/components/data-list";
import { DeletedFilter, deletedAtText, RestoreButton, useDeletedFilter } from "@/components/deleted-filter";
import { ExportButton } from "@/components/export-button";
import { FilterBar, ManyFilter, YesNoFilter } from "@/components/list-filters";
import type { ListColumn } from "@/components/list-table";
import { LongText } from "@/components/long-text";
import { RecordLink } from "@/components/record-link";
import { useRowSelection } from "@/components/row-selection";
import { useAuth } from "@/lib/auth";
import { usePageTitle } from "@/lib/page-title";
import { paths } from "@/lib/paths";
import { useMoneyFormat } from "@/lib/public-settings";
import { useListParams } from "@/lib/use-list-params";
import {
  CONSULTANT_FILTERS,
  CONSULTANTS_KEY,
  consultantListQuery,
  knownSort,
  useConsultants,
} from "../api/get-consultants";
import { useRestoreConsultant } from "../api/restore-consultant";
import { ConsultantActionMenu, ConsultantCardButtons } from "../components/consultant-actions";
import { ConsultantLogo } from "../components/consultant-logo";
import { countOf, countryNames } from "../countries";
import { approvalStates, premiumStates } from "../states";

/** Logo and name; the name links to the consultant's page (a deleted one has none: plain text). */
const nameCell = (consultant: Consultant, linked: boolean) => (
  <Group gap="sm" wrap="nowrap">
    <ConsultantLogo logoURL={consultant.logoURL} name={consultant.name} size="md" />
    {linked ? (
      <RecordLink to={paths.consultants.edit(consultant.guidId)}>{consultant.name}</RecordLink>
    ) : (
      <LongText fw={500}>{consultant.name}</LongText>
    )}
  </Group>
);

/** A column's sort: one of the list's sorts, so a field the server does not sort by does not compile. */
const sortable = (field: ConsultantSort) => field;

const columns: ListColumn<Consultant>[] = [
  { header: "Consultant", cell: (consultant) => nameCell(consultant, true), sortField: sortable("name") },
  { header: "Email", cell: (consultant) => consultant.contactEmail, sortField: sortable("contactEmail") },
  {
    header: "Business Name",
    cell: (consultant) => orNA(consultant.businessName),
    sortField: sortable("businessName"),
  },
  {
    header: "Countries",
    cell: (consultant) => orNA(countryNames(consultant.country)),
    sortField: sortable("country"),
  },
  { header: "Phone", cell: (consultant) => orNA(consultant.phoneNumber), sortField: sortable("phoneNumber") },
  { header: "Visa Fee", cell: (consultant) => <Fee amount={consultant.fee} /> },
  {
    header: "Approved",
    cell: (consultant) => <StateBadge value={consultant.isApproved} states={approvalStates} />,
  },
  {
    header: "Premium",
    cell: (consultant) => <StateBadge value={consultant.isPremium} states={premiumStates} />,
  },
  { header: "Action", cell: (consultant) => <ConsultantActionMenu consultant={consultant} />, pinned: true },
];

/** The fee in the server's currency (CURRENCY), in the reader's number format; "N/A" without one. */
function Fee({ amount }: { amount: number | null }) {
  const money = useMoneyFormat();
  return amount === null ? "N/A" : money(amount);
}

/** The state in words, so the column reads the same to everyone (not a colour or an icon alone). */
function StateBadge({ value, states }: { value: boolean; states: { yes: string; no: string } }) {
  return value ? (
    <Badge variant="light" color="teal.9">
      {states.yes}
    </Badge>
  ) : (
    <Text size="sm" c="dimmed">
      {states.no}
    </Text>
  );
}

/** The server's bulk actions on consultants; a flag change can be undone by its opposite. */
const bulkActions: BulkAction<ConsultantBulkBody["action"]>[] = [
  { action: "approve", label: "Approve", undo: "unapprove", already: "already approved" },
  { action: "unapprove", label: "Unapprove", undo: "approve", already: "already unapproved" },
  { action: "premium", label: "Make premium", undo: "unpremium", already: "already premium" },
  { action: "unpremium", label: "Remove premium", undo: "premium", already: "already not premium" },
  { action: "delete", label: "Delete", confirm: true, done: "deleted" },
];

/**
 * /users: the consultant list, paged and searched on the server. An Admin also has the
 * Deleted filter: the deleted consultants, each with a Restore button.
 */
export default function ConsultantListPage() {
  usePageTitle("Consultants");
  const params = useListParams(CONSULTANT_FILTERS);
  const { user } = useAuth();
  const isAdmin = Boolean(user?.roles?.includes("Admin"));
  const [showDeleted, setShowDeleted] = useDeletedFilter();
  const deleted = isAdmin && showDeleted;
  // The deleted list keeps its own order (most recently deleted first) and has no filters.
  const listParams = deleted
    ? { search: params.search, deleted }
    : { search: params.search, sort: knownSort(params.sort), filters: params.filters };
  const consultants = useConsultants({ page: params.page, pageSize: params.pageSize, ...listParams });
  const navigate = useNavigate();
  const query = consultantListQuery(listParams);
  const selection = useRowSelection(JSON.stringify(query));
  const { filters, setFilters } = params;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Title order={2}>{texts.title}</Title>
        <Group align="flex-end">
          {isAdmin && <DeletedFilter deleted={deleted} onChange={setShowDeleted} />}
          <Button component={Link} to={paths.consultants.add}>
            {texts.addButton}
          </Button>
        </Group>
      </Group>
      {deleted ? (
        <DataList
          key="deleted"
          texts={{ ...texts, label: "Deleted consultants", empty: deletedFilterMessages.emptyDeleted }}
          params={params}
          query={consultants}
          loadFailedToast={consultantMessages.loadFailed}
          columns={deletedColumns}
          rowKey={(consultant) => consultant.guidId}
          renderCard={(consultant) => <DeletedConsultantCard consultant={consultant} />}
        />
      ) : (
        <DataList
          key="active"
          texts={texts}
          params={params}
          query={consultants}
          loadFailedToast={consultantMessages.loadFailed}
          columns={columns}
          rowKey={(consultant) => consultant.guidId}
          onOpenRow={(consultant) => navigate(paths.consultants.edit(consultant.guidId))}
          renderCard={(consultant) => <ConsultantCard consultant={consultant} />}
          filters={
            <FilterBar filtered={params.filtered} onClear={params.clearFilters}>
              <YesNoFilter
                label="Approved"
                value={filters.approved}
                onChange={(approved) => setFilters({ approved })}
              />
              <YesNoFilter
                label="Premium"
                value={filters.premium}
                onChange={(premium) => setFilters({ premium })}
              />
              <ManyFilter
                label="Countries"
                placeholder="Any country"
                value={filters.country}
                onChange={(country) => setFilters({ country })}
                options={COUNTRY_OPTIONS}
              />
            </FilterBar>
          }
          tools={
            <ExportButton
              endpoint={consultantEndpoints.export}
              query={query}
              total={consultants.data?.total}
              totalIsEstimate={consultants.data?.totalIsEstimate}
            />
          }
          selection={{
            idOf: (consultant) => consultant.guidId,
            labelOf: (consultant) => consultant.name,
            selected: selection.selected,
            onChange: selection.onChange,
          }}
          selectionBar={
            <BulkBar
              selection={selection}
              pageIds={(consultants.data?.data ?? []).map((consultant) => consultant.guidId)}
              total={consultants.data?.total ?? 0}
              totalIsEstimate={consultants.data?.totalIsEstimate}
              countAll={() => exactCount(consultantEndpoints.list, query)}
              noun="consultants"
              actions={bulkActions}
              bulk={consultantEndpoints.bulk}
              allIds={() => matchingIds(consultantEndpoints.list, query, (consultant) => consultant.guidId)}
              invalidate={CONSULTANTS_KEY}
            />
          }
        />
      )}
    </Stack>
  );
}

const deletedColumns: ListColumn<Consultant>[] = [
  { header: "Consultant", cell: (consultant) => nameCell(consultant, false) },
  { header: "Email", cell: (consultant) => consultant.contactEmail },
  {
    header: deletedFilterMessages.deletedAt,
    cell: (consultant) =>
      `${deletedAtText(consultant.deletedAt)}${consultant.updatedBy ? ` by ${consultant.updatedBy}` : ""}`,
  },
  {
    header: "Action",
    cell: (consultant) => <RestoreConsultantButton consultant={consultant} />,
    pinned: true,
  },
];

/** Restores the consultant; the toast says what was not restored (appointments the delete cancelled). */
function RestoreConsultantButton({ consultant }: { consultant: Consultant }) {
  return (
    <RestoreButton
      guidId={consultant.guidId}
      name={consultant.name}
      restoration={useRestoreConsultant()}
      failure={consultantMessages.restoreFailed}
    />
  );
}

function DeletedConsultantCard({ consultant }: { consultant: Consultant }) {
  return (
    <Stack gap={6}>
      <Group gap="sm" wrap="nowrap">
        <ConsultantCardHeading consultant={consultant} />
      </Group>
      <CardLine label={deletedFilterMessages.deletedAt} value={deletedAtText(consultant.deletedAt)} />
      <Group justify="flex-end">
        <RestoreConsultantButton consultant={consultant} />
      </Group>
    </Stack>
  );
}

/** A card's logo, name and email, the same on the active and the deleted list. */
function ConsultantCardHeading({ consultant }: { consultant: Consultant }) {
  return (
    <>
      <ConsultantLogo logoURL={consultant.logoURL} name={consultant.name} size="lg" />
      <Stack gap={0} style={{ minWidth: 0 }}>
        <LongText fw={600} maw="100%">
          {consultant.name}
        </LongText>
        <LongText size="sm" c="dimmed" maw="100%">
          {consultant.contactEmail}
        </LongText>
      </Stack>
    </>
  );
}

function ConsultantCard({ consultant }: { consultant: Consultant }) {
  return (
    <Stack gap={6}>
      <Group gap="sm" wrap="nowrap">
        <ConsultantCardHeading consultant={consultant} />
        {consultant.isPremium ? (
          <Badge ml="auto" variant="filled" color="grape.9">
            {premiumStates.yes}
          </Badge>
        ) : null}
      </Group>
      <SimpleGrid cols={3} spacing="xs" my="xs">
        <Count label="Services" value={countOf(consultant.services)} />
        <Count label="Visa Fee" value={<Fee amount={consultant.fee} />} />
        <Count label="Countries" value={countOf(consultant.country)} />
      </SimpleGrid>
      <CardLine label="Countries" value={countryNames(consultant.country)} />
      <CardLine label="Business" value={consultant.businessName} />
      <ConsultantCardButtons consultant={consultant} />
    </Stack>
  );
}

function Count({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Stack gap={0} align="center">
      <Text fw={700}>{value}</Text>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
    </Stack>
  );
}
