import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { AppointmentPage } from "@visadesk/contract/appointments";
import {
  APPOINTMENT_LIST_STALE_MS,
  APPOINTMENT_STATUSES,
  isCalendarDate,
} from "@visadesk/contract/appointments-constants";
import { PAGE_SIZE } from "@visadesk/contract/common-constants";
import { ATTENDANCE_VALUES } from "@visadesk/contract/scheduling";
import { http } from "@/lib/http";
import { defined, knownValue, YES_NO } from "@/lib/use-list-params";

/** The list's filters, by their names in the address ("" = any). */
export const APPOINTMENT_FILTERS = [
  "status",
  "consultant",
  "customer",
  "attendance",
  "paid",
  "from",
  "to",
] as const;
export type AppointmentFilter = (typeof APPOINTMENT_FILTERS)[number];

export interface AppointmentListParams {
  page: number;
  /** Rows per page (one of PAGE_SIZE_CHOICES); 12 when absent. */
  pageSize?: number;
  /** A column's sort field, "-" first for descending; absent = upcoming first. */
  sort?: string;
  filters?: Partial<Record<AppointmentFilter, string>>;
}

/**
 * The query of the list, its export and its "select all matching", without the page: the address's
 * consultant and customer are the API's consultantId and userId.
 */
export function appointmentListQuery({ sort, filters = {} }: Omit<AppointmentListParams, "page">) {
  const date = (value: string | undefined) => (value && isCalendarDate(value) ? value : undefined);
  return defined({
    status: knownValue(filters.status, APPOINTMENT_STATUSES),
    attendance: knownValue(filters.attendance, ATTENDANCE_VALUES),
    paid: knownValue(filters.paid, YES_NO),
    consultantId: filters.consultant,
    userId: filters.customer,
    from: date(filters.from),
    to: date(filters.to),
    sort,
  });
}

/** GET userAppointment/appointments, one page at a time; silent: the screen shows its own error panel. */
export async function getAppointments({ page, pageSize = PAGE_SIZE, ...query }: AppointmentListParams) {
  const response = await http.get<AppointmentPage>("userAppointment/appointments", {
    params: { page, pageSize, ...appointmentListQuery(query) },
    silent: true,
  });
  return response.data;
}

/** The list is cached for 5 minutes and invalidated after create, update or delete. */
export const appointmentsQueryOptions = (params?: AppointmentListParams) =>
  queryOptions({
    queryKey: params ? ["appointments", params] : ["appointments"],
    queryFn: () => getAppointments(params ?? { page: 1 }),
    staleTime: APPOINTMENT_LIST_STALE_MS,
    placeholderData: keepPreviousData,
  });

export const useAppointments = (params: AppointmentListParams) => useQuery(appointmentsQueryOptions(params));
