import { Button, Group, Stack, Title } from "@mantine/core";
import { deletedFilterMessages } from "@visadesk/contract/common-constants";
import {
  COUNTRY_OPTIONS,
  consultantMessages,
  consultantListMessages as texts,
} from "@visadesk/contract/consultants-constants";
import { consultantEndpoints } from "@visadesk/contract/consultants-endpoints";
import type { ConsultantBulkBody } from "@visadesk/contract/lists";
import { Link, useNavigate } from "react-router";
import type { BulkAction } from "@/components/bulk-action";
import { BulkBar, exactCount, matchingIds } from "@/components/bulk-actions";
import { DataList } from "@/components/data-list";
import { asksForDeleted, DeletedFilter, useDeletedFilter } from "@/components/deleted-filter";
import { ExportButton } from "@/components/export-button";
import { FilterBar, ManyFilter, YesNoFilter } from "@/components/list-filters";
import { useRowSelection } from "@/components/row-selection";
import { useAuth } from "@/lib/auth";
import type { ScreenAddress } from "@/lib/feature";
import { usePageTitle } from "@/lib/page-title";
import { paths } from "@/lib/paths";
import { prefetchForScreen } from "@/lib/screen-data";
import { readListAddress, storedPageSize, useListParams } from "@/lib/use-list-params";
import {
  CONSULTANT_FILTERS,
  CONSULTANTS_KEY,
  consultantListParamsOf,
  consultantListQuery,
  consultantsQueryOptions,
  useConsultants,
} from "../api/get-consultants";
import { ConsultantCard, DeletedConsultantCard } from "../components/consultant-cards";
import { consultantColumns, deletedConsultantColumns } from "../components/consultant-list-columns";

/** The server's bulk actions on consultants; a flag change can be undone by its opposite. */
const bulkActions: BulkAction<ConsultantBulkBody["action"]>[] = [
  { action: "approve", label: "Approve", undo: "unapprove", already: "already approved" },
  { action: "unapprove", label: "Unapprove", undo: "approve", already: "already unapproved" },
  { action: "premium", label: "Make premium", undo: "unpremium", already: "already premium" },
  { action: "unpremium", label: "Remove premium", undo: "premium", already: "already not premium" },
  { action: "delete", label: "Delete", confirm: true, done: "deleted" },
];

/** The page of the list its address asks for (the deleted ones wait for the page, which knows the role). */
export function prefetch({ pathname, search }: ScreenAddress) {
  if (asksForDeleted(search)) return;
  const list = readListAddress(search, storedPageSize(pathname), CONSULTANT_FILTERS);
  prefetchForScreen(consultantsQueryOptions(consultantListParamsOf(list, false)));
}

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
  const listParams = consultantListParamsOf(params, deleted);
  const consultants = useConsultants(listParams);
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
          columns={deletedConsultantColumns}
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
          columns={consultantColumns}
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
