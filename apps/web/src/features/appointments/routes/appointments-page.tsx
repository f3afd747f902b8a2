import { Paper, Stack, Text, Title } from "@mantine/core";
import { appointmentMessages as messages } from "@visadesk/contract/appointments-constants";
import { appointmentEndpoints } from "@visadesk/contract/appointments-endpoints";
import { lazy, Suspense, useState } from "react";
import { BulkBar, exactCount, matchingIds } from "@/components/bulk-actions";
import { ExportButton } from "@/components/export-button";
import { ListPagination } from "@/components/list-pagination";
import { ListTable } from "@/components/list-table";
import { LoadingState } from "@/components/loading-state";
import { useRowSelection } from "@/components/row-selection";
import type { ScreenAddress } from "@/lib/feature";
import { usePageTitle } from "@/lib/page-title";
import { prefetchForScreen } from "@/lib/screen-data";
import { readListAddress, storedPageSize, useListParams } from "@/lib/use-list-params";
import {
  APPOINTMENT_FILTERS,
  appointmentListParamsOf,
  appointmentListQuery,
  appointmentsQueryOptions,
  useAppointments,
} from "../api/get-appointments";
import { AppointmentsHeader, appointmentsViewOf, useAppointmentsView } from "../calendar/view-switch";
import { ACTION_COLOR } from "../format";
import { bulkActions } from "../list/appointment-bulk";
import { appointmentId, columns, rowActions, rowName } from "../list/appointment-columns";
import {
  AppointmentListDialogs,
  type ListDialog,
  usePreloadListDialogs,
} from "../list/appointment-list-dialogs";
import { AppointmentListFilters, DatePresetButtons } from "../list/appointment-list-filters";

// The calendar and its library load only when the calendar is opened: the list's bundle stays as it was.
const loadCalendar = () => import("../calendar/calendar-page");
const AppointmentsCalendarPage = lazy(loadCalendar);

/**
 * Opened on the calendar, its code downloads beside this page's rather than after its first render; opened
 * on the list, the page of it that the address asks for.
 */
export function prefetch({ pathname, search }: ScreenAddress) {
  if (appointmentsViewOf(search) === "calendar") void loadCalendar().catch(() => undefined);
  else {
    const list = readListAddress(search, storedPageSize(pathname), APPOINTMENT_FILTERS);
    prefetchForScreen(appointmentsQueryOptions(appointmentListParamsOf(list)));
  }
}

export default function AppointmentsPage() {
  const view = useAppointmentsView();
  usePageTitle(view === "list" ? "Appointments" : "Appointments calendar");
  if (view === "list") return <AppointmentsList />;
  return (
    <Suspense fallback={<LoadingState text="Loading calendar..." minHeight={200} />}>
      <AppointmentsCalendarPage />
    </Suspense>
  );
}

function AppointmentsList() {
  const params = useListParams(APPOINTMENT_FILTERS);
  const { page, setPage, filters, setFilters, pageSize } = params;
  const listParams = appointmentListParamsOf(params);
  const list = useAppointments(listParams);
  const query = appointmentListQuery(listParams);
  const selection = useRowSelection(JSON.stringify(query));
  // The last dialog stays rendered while it closes, so its content does not vanish mid-transition.
  const [dialog, setDialogState] = useState<ListDialog | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  usePreloadListDialogs();
  const setDialog = (next: ListDialog) => {
    setDialogState(next);
    setDialogOpen(true);
  };
  const appointments = list.data?.data ?? [];

  const table = (
    <ListTable
      caption="User appointments"
      columns={columns}
      rows={appointments}
      rowKey={(appointment) => appointment.id}
      query={list}
      loadingText={messages.loading}
      empty={
        <Stack align="center" gap={4}>
          <Title order={2} size="h4">
            {messages.emptyTitle}
          </Title>
          <Text c="dimmed">
            {params.filtered ? "No appointments match the selected filters." : messages.emptyText}
          </Text>
        </Stack>
      }
      errorTexts={{ title: messages.loadErrorTitle, text: messages.loadErrorText }}
      minWidth={860}
      sort={{ value: params.sort, onChange: params.setSort }}
      // An appointment's record is its details: a click on the row opens them, as its View button does.
      onOpenRow={(appointment) => setDialog({ kind: "details", appointment })}
      selection={{
        idOf: appointmentId,
        labelOf: rowName,
        selected: selection.selected,
        onChange: selection.onChange,
      }}
      rowActions={rowActions((kind, appointment) => setDialog({ kind, appointment }))}
      pager={
        <ListPagination
          color={ACTION_COLOR}
          total={list.data?.total ?? 0}
          totalIsEstimate={list.data?.totalIsEstimate}
          pageRows={list.data?.data.length}
          page={page}
          onChange={setPage}
          pageSize={pageSize}
          onPageSizeChange={params.setPageSize}
        />
      }
    />
  );

  return (
    <Stack gap="md">
      <AppointmentsHeader onNew={() => setDialog({ kind: "create" })} />
      <Paper withBorder p="md">
        <Stack gap="md">
          <AppointmentListFilters
            filters={filters}
            setFilters={setFilters}
            filtered={params.filtered}
            onClear={params.clearFilters}
            appointments={appointments}
            listFetching={list.isFetching}
          />
          <DatePresetButtons filters={filters} setFilters={setFilters}>
            <ExportButton
              endpoint={appointmentEndpoints.export}
              query={query}
              total={list.data?.total}
              totalIsEstimate={list.data?.totalIsEstimate}
            />
          </DatePresetButtons>
          <BulkBar
            selection={selection}
            pageIds={appointments.map(appointmentId)}
            total={list.data?.total ?? 0}
            totalIsEstimate={list.data?.totalIsEstimate}
            countAll={() => exactCount(appointmentEndpoints.list, query)}
            noun="appointments"
            actions={bulkActions}
            bulk={appointmentEndpoints.bulk}
            allIds={() => matchingIds(appointmentEndpoints.list, query, appointmentId)}
            invalidate={["appointments"]}
          />
          {table}
        </Stack>
      </Paper>
      <AppointmentListDialogs
        dialog={dialog}
        opened={dialogOpen}
        onOpen={setDialog}
        onClose={() => setDialogOpen(false)}
      />
    </Stack>
  );
}
