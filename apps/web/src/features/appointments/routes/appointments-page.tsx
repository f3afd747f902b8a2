import { ActionIcon, Button, Group, Paper, Stack, Text, TextInput, Title, Tooltip } from "@mantine/core";
import { IconEdit, IconEye, IconTrash } from "@tabler/icons-react";
import type { Appointment } from "@visadesk/contract/appointments";
import {
  APPOINTMENT_STATUSES,
  CANCELLATION_REASON_MAX_LENGTH,
  appointmentMessages as messages,
} from "@visadesk/contract/appointments-constants";
import { consultantDeletionMessages } from "@visadesk/contract/consultants-constants";
import { ATTENDANCE_VALUES } from "@visadesk/contract/scheduling";
import { lazy, Suspense, useState } from "react";
import type { BulkAction } from "@/components/bulk-action";
import { BulkBar, exactCount, matchingIds } from "@/components/bulk-actions";
import { ExportButton } from "@/components/export-button";
import { ChoiceFilter, FilterBar, YesNoFilter } from "@/components/list-filters";
import { ListPagination } from "@/components/list-pagination";
import { type ListColumn, ListTable } from "@/components/list-table";
import { LoadingState } from "@/components/loading-state";
import { useRowSelection } from "@/components/row-selection";
import { lazyPage } from "@/lib/feature";
import { usePageTitle } from "@/lib/page-title";
import { usePreloadWhenIdle } from "@/lib/preload-when-idle";
import { useListParams } from "@/lib/use-list-params";
import { APPOINTMENT_FILTERS, appointmentListQuery, useAppointments } from "../api/get-appointments";
import { type ConsultantOption, useConsultantName } from "../api/get-consultant-options";
import { AppointmentsHeader, useAppointmentsView } from "../calendar/view-switch";
import { ConsultantSelect } from "../components/consultant-select";
import { CustomerBookingBadge } from "../components/customer-booking-badge";
import { CustomerCell } from "../components/customer-cell";
import { CustomerSelect } from "../components/customer-select";
import { OutsideHoursBadge } from "../components/outside-hours-badge";
import { StatusBadge } from "../components/status-badge";
import { datePresets, presetActive } from "../date-presets";
import {
  ACTION_COLOR,
  ATTENDANCE_LABELS,
  consultantLabel,
  customerLabel,
  shortDate,
  shortTime,
} from "../format";

type Dialog = { kind: "create" } | { kind: "edit" | "details" | "delete"; appointment: Appointment };

/** Each row's buttons: the dialog each opens, its tooltip, the start of its name (the row follows) and its icon. */
const ROW_ACTIONS = [
  { kind: "details", tooltip: "View details", name: "View details of", Icon: IconEye, color: undefined },
  { kind: "edit", tooltip: "Edit", name: "Edit", Icon: IconEdit, color: undefined },
  { kind: "delete", tooltip: "Delete", name: "Delete", Icon: IconTrash, color: "red.9" },
] as const;

/** Names a row's buttons for screen readers, which hear every row's "Edit" alike otherwise. */
const rowName = (appointment: Appointment) =>
  `appointment on ${shortDate(appointment.appointmentDate)} at ${shortTime(appointment.appointmentTime)}, ${customerLabel(
    appointment,
  )} with ${consultantLabel(appointment)}`;

const columns: ListColumn<Appointment>[] = [
  { header: "Date", cell: (appointment) => shortDate(appointment.appointmentDate), sortField: "date" },
  {
    header: "Time",
    // A time booked outside the consultant's hours says so, and by whom on hover.
    cell: (appointment) => (
      <Group gap={6} wrap="nowrap">
        {shortTime(appointment.appointmentTime)}
        <OutsideHoursBadge appointment={appointment} withWho />
        <CustomerBookingBadge appointment={appointment} />
      </Group>
    ),
  },
  {
    header: "User",
    cell: (appointment) => <CustomerCell appointment={appointment} />,
    sortField: "customer",
  },
  {
    header: "Consultant",
    sortField: "consultant",
    // The spec shows the consultant id here; the issue asks for the name, with the id on hover.
    cell: (appointment) => (
      <Text size="sm" title={`Consultant ID: ${appointment.consultantId}`}>
        {consultantLabel(appointment)}
      </Text>
    ),
  },
  {
    header: "Description",
    cell: (appointment) => (
      <Text size="sm" truncate="end" maw={200} title={appointment.description || undefined}>
        {appointment.description || messages.noDescription}
      </Text>
    ),
  },
  {
    header: "Status",
    cell: (appointment) => <StatusBadge status={appointment.status} />,
    sortField: "status",
  },
];

/**
 * The server's bulk actions on appointments. Mark paid is undone by markUnpaid (the edit dialog's "Payment
 * Received" turned off); confirm and cancel have no opposite: un-cancelling must re-check the slot.
 */
const bulkActions: BulkAction[] = [
  { action: "confirm", label: "Confirm", already: "already confirmed" },
  {
    action: "cancel",
    label: "Cancel",
    already: "already cancelled",
    // Each customer and consultant is mailed the reason, as with a single cancel.
    reason: {
      label: messages.cancelReasonLabel,
      hint: messages.cancelReasonHint,
      required: messages.cancelReasonRequired,
      maxLength: CANCELLATION_REASON_MAX_LENGTH,
    },
  },
  { action: "markPaid", label: "Mark paid", undo: "markUnpaid", already: "already paid" },
  { action: "sendReminder", label: "Send reminder", done: "reminded" },
  { action: "delete", label: "Delete", confirm: true, done: "deleted" },
];

const appointmentId = (appointment: Appointment) => String(appointment.id);

// The dialogs' code (their forms, validation and actions) is not needed for the list's first paint: it
// loads once the list is up (usePreloadWhenIdle), and they are rendered from their first opening on.
const AppointmentFormDialog = lazyPage(() =>
  import("../components/appointment-form-dialog").then((m) => ({ default: m.AppointmentFormDialog })),
);
const AppointmentDetailsDialog = lazyPage(() =>
  import("../components/appointment-details-dialog").then((m) => ({ default: m.AppointmentDetailsDialog })),
);
const DeleteAppointmentDialog = lazyPage(() =>
  import("../components/delete-appointment-dialog").then((m) => ({ default: m.DeleteAppointmentDialog })),
);

// The calendar and its library load only when the calendar is opened: the list's bundle stays as it was.
const AppointmentsCalendarPage = lazy(() => import("../calendar/calendar-page"));

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
  const listParams = { filters, ...(params.sort ? { sort: params.sort } : {}) };
  const list = useAppointments({ page, pageSize, ...listParams });
  const query = appointmentListQuery(listParams);
  const selection = useRowSelection(JSON.stringify(query));
  const consultantId = filters.consultant;
  // The last dialog stays rendered while it closes, so its content does not vanish mid-transition.
  const [dialog, setDialogState] = useState<Dialog | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  usePreloadWhenIdle(
    AppointmentFormDialog.preload,
    AppointmentDetailsDialog.preload,
    DeleteAppointmentDialog.preload,
  );
  const setDialog = (next: Dialog) => {
    setDialogState(next);
    setDialogOpen(true);
  };
  const close = () => setDialogOpen(false);
  const filtered = params.filtered;
  const presets = datePresets();
  // A status a preset set (Past unconfirmed's Pending) goes with it when another preset is chosen; one the
  // staff member chose stays.
  const statusFromPreset = presets.some(
    (preset) => preset.filters.status !== undefined && presetActive(preset, filters),
  );
  const appointments = list.data?.data ?? [];
  const customer = appointments.find((appointment) => appointment.userId === filters.customer);
  // The filter names the consultant it filters by, even one that is deleted (and so not among the options).
  const named = appointments.find((appointment) => appointment.consultantId === consultantId);
  const consultantName = useConsultantName(consultantId, !list.isFetching && !named);
  const filteredConsultant = filteredConsultantOption(consultantId, named, consultantName.data);

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
            {filtered ? "No appointments match the selected filters." : messages.emptyText}
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
      rowActions={{
        header: "Actions",
        cell: (appointment) => (
          <Group gap={4} wrap="nowrap">
            {ROW_ACTIONS.map(({ kind, tooltip, name, Icon, color }) => (
              <Tooltip key={kind} label={tooltip}>
                <ActionIcon
                  variant="subtle"
                  color={color}
                  aria-label={`${name} ${rowName(appointment)}`}
                  onClick={() => setDialog({ kind, appointment })}
                >
                  <Icon size={18} aria-hidden />
                </ActionIcon>
              </Tooltip>
            ))}
          </Group>
        ),
      }}
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
          <FilterBar filtered={filtered} onClear={params.clearFilters}>
            <ChoiceFilter
              label="Status"
              anyLabel="All statuses"
              options={APPOINTMENT_STATUSES}
              value={filters.status}
              onChange={(status) => setFilters({ status })}
            />
            <ChoiceFilter
              label="Attendance"
              anyLabel="Any attendance"
              options={ATTENDANCE_VALUES.map((value) => ({ value, label: ATTENDANCE_LABELS[value] }))}
              value={filters.attendance}
              onChange={(attendance) => setFilters({ attendance })}
            />
            <YesNoFilter label="Paid" value={filters.paid} onChange={(paid) => setFilters({ paid })} />
            <ConsultantSelect
              label="Consultant filter"
              placeholder="All consultants"
              clearable
              value={consultantId || null}
              current={filteredConsultant}
              onChange={(guidId) => setFilters({ consultant: guidId ?? "" })}
            />
            <CustomerSelect
              label="Customer"
              description={undefined}
              placeholder="All customers"
              value={filters.customer}
              current={
                customer?.userEmail ? { guidId: customer.userId, email: customer.userEmail } : undefined
              }
              onChange={(guidId) => setFilters({ customer: guidId })}
            />
            <TextInput
              type="date"
              label="From"
              value={filters.from}
              max={filters.to || undefined}
              onChange={(event) => setFilters({ from: event.currentTarget.value })}
              w={{ base: "100%", xs: 160 }}
            />
            <TextInput
              type="date"
              label="To"
              value={filters.to}
              min={filters.from || undefined}
              onChange={(event) => setFilters({ to: event.currentTarget.value })}
              w={{ base: "100%", xs: 160 }}
            />
          </FilterBar>
          <Group gap="xs" wrap="wrap" role="group" aria-label="Date presets">
            {presets.map((preset) => {
              const active = presetActive(preset, filters);
              return (
                <Button
                  key={preset.label}
                  size="xs"
                  variant={active ? "filled" : "default"}
                  color={ACTION_COLOR}
                  aria-pressed={active}
                  onClick={() =>
                    setFilters({ ...(statusFromPreset ? { status: "" } : {}), ...preset.filters })
                  }
                >
                  {preset.label}
                </Button>
              );
            })}
            <Group ml="auto">
              <ExportButton
                path="userAppointment/appointments/export"
                query={query}
                total={list.data?.total}
                totalIsEstimate={list.data?.totalIsEstimate}
              />
            </Group>
          </Group>
          <BulkBar
            selection={selection}
            pageIds={appointments.map(appointmentId)}
            total={list.data?.total ?? 0}
            totalIsEstimate={list.data?.totalIsEstimate}
            countAll={() => exactCount("userAppointment/appointments", query)}
            noun="appointments"
            actions={bulkActions}
            bulkPath="userAppointment/bulk"
            allIds={() => matchingIds<Appointment>("userAppointment/appointments", query, appointmentId)}
            invalidate={["appointments"]}
          />
          {table}
        </Stack>
      </Paper>

      {dialog !== null && (
        <Suspense fallback={null}>
          <AppointmentFormDialog
            opened={dialogOpen && (dialog?.kind === "create" || dialog?.kind === "edit")}
            appointment={dialog?.kind === "edit" ? dialog.appointment : undefined}
            onClose={close}
          />
          <AppointmentDetailsDialog
            opened={dialogOpen && dialog?.kind === "details"}
            appointment={dialog?.kind === "details" ? dialog.appointment : null}
            onClose={close}
            onReschedule={(appointment) => setDialog({ kind: "edit", appointment })}
            onChanged={(appointment) => setDialog({ kind: "details", appointment })}
          />
          <DeleteAppointmentDialog
            opened={dialogOpen && dialog?.kind === "delete"}
            appointment={dialog?.kind === "delete" ? dialog.appointment : null}
            onClose={close}
          />
        </Suspense>
      )}
    </Stack>
  );
}

/**
 * The consultant the list is filtered by, named from its appointments (a deleted one as such), else from
 * its own record; one with neither is deleted (its record answers 404). Undefined until known.
 */
function filteredConsultantOption(
  consultantId: string,
  named: Parameters<typeof consultantLabel>[0] | undefined,
  recordName: string | null | undefined,
): ConsultantOption | undefined {
  if (!consultantId) return undefined;
  if (named) return { guidId: consultantId, name: consultantLabel(named) };
  if (recordName === undefined) return undefined;
  return { guidId: consultantId, name: recordName ?? consultantDeletionMessages.deletedDefault };
}
