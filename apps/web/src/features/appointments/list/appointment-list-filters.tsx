import { Button, Group, TextInput } from "@mantine/core";
import type { Appointment } from "@visadesk/contract/appointments";
import { APPOINTMENT_STATUSES } from "@visadesk/contract/appointments-constants";
import { consultantDeletionMessages } from "@visadesk/contract/consultants-constants";
import { ATTENDANCE_VALUES } from "@visadesk/contract/scheduling-constants";
import type { ReactNode } from "react";
import { ChoiceFilter, FilterBar, YesNoFilter } from "@/components/list-filters";
import type { AppointmentFilter } from "../api/get-appointments";
import { type ConsultantOption, useConsultantName } from "../api/get-consultant-options";
import { ConsultantSelect } from "../components/consultant-select";
import { CustomerSelect } from "../components/customer-select";
import { datePresets, presetActive } from "../date-presets";
import { ACTION_COLOR, ATTENDANCE_LABELS, consultantLabel } from "../format";

type Filters = Record<AppointmentFilter, string>;
type SetFilters = (changes: Partial<Filters>) => void;

/**
 * The list's filters: status, attendance, paid, consultant, customer and a date range. The consultant and
 * the customer are named from the list's rows (a deleted consultant as such) or the consultant's record.
 */
export function AppointmentListFilters({
  filters,
  setFilters,
  filtered,
  onClear,
  appointments,
  listFetching,
}: {
  filters: Filters;
  setFilters: SetFilters;
  filtered: boolean;
  onClear: () => void;
  /** The rows shown, which may name the filtered consultant and customer. */
  appointments: Appointment[];
  listFetching: boolean;
}) {
  const consultantId = filters.consultant;
  const customer = appointments.find((appointment) => appointment.userId === filters.customer);
  // The filter names the consultant it filters by, even one that is deleted (and so not among the options).
  const named = appointments.find((appointment) => appointment.consultantId === consultantId);
  const consultantName = useConsultantName(consultantId, !listFetching && !named);
  const filteredConsultant = filteredConsultantOption(consultantId, named, consultantName.data);
  return (
    <FilterBar filtered={filtered} onClear={onClear}>
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
        current={customer?.userEmail ? { guidId: customer.userId, email: customer.userEmail } : undefined}
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
  );
}

/** Today, This week, Next 7 days and Past unconfirmed; `children` sit at the row's end (the export). */
export function DatePresetButtons({
  filters,
  setFilters,
  children,
}: {
  filters: Filters;
  setFilters: SetFilters;
  children: ReactNode;
}) {
  const presets = datePresets();
  // A status a preset set (Past unconfirmed's Pending) goes with it when another preset is chosen; one the
  // staff member chose stays.
  const statusFromPreset = presets.some(
    (preset) => preset.filters.status !== undefined && presetActive(preset, filters),
  );
  return (
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
            onClick={() => setFilters({ ...(statusFromPreset ? { status: "" } : {}), ...preset.filters })}
          >
            {preset.label}
          </Button>
        );
      })}
      <Group ml="auto">{children}</Group>
    </Group>
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
