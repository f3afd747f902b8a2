import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import {
  APPOINTMENT_LIST_STALE_MS,
  APPOINTMENT_STATUSES,
  type AppointmentSortParam,
  appointmentSortParam,
  isCalendarDate,
} from "@visadesk/contract/appointments-constants";
import { appointmentEndpoints } from "@visadesk/contract/appointments-endpoints";
import { PAGE_SIZE } from "@visadesk/contract/common-constants";
import type { QueryIn } from "@visadesk/contract/endpoint";
import { ATTENDANCE_VALUES } from "@visadesk/contract/scheduling-constants";
import { call } from "@/lib/api-client";
import { type ListAddress, YES_NO } from "@/lib/use-list-params";
import { useQueryInSlices } from "@/lib/use-query-in-slices";

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
  sort?: AppointmentSortParam;
  filters?: Partial<Record<AppointmentFilter, string>>;
}

/**
 * The list's request for what its address asks: a page with its filters, in its order (a sort the list does
 * not know, from an edited link, leaves it in its own order).
 */
export function appointmentListParamsOf(list: ListAddress<AppointmentFilter>): AppointmentListParams {
  const sort = appointmentSortParam(list.sort);
  return { page: list.page, pageSize: list.pageSize, filters: list.filters, ...(sort ? { sort } : {}) };
}

/** What the list, its export and its "select all matching" send: its filters and sort (the page aside). */
export type AppointmentListQuery = Omit<
  NonNullable<QueryIn<typeof appointmentEndpoints.list>>,
  "page" | "pageSize" | "exactTotal"
>;

/** The value if the list knows it: an edited link's unknown value filters nothing. */
const known = <const T extends string>(value: string | undefined, allowed: readonly T[]): T | undefined =>
  allowed.find((option) => option === value);

/**
 * The query of the list, its export and its "select all matching", without the page: the address's
 * consultant and customer are the API's consultantId and userId.
 */
export function appointmentListQuery({
  sort,
  filters = {},
}: Omit<AppointmentListParams, "page">): AppointmentListQuery {
  const query: AppointmentListQuery = {};
  const status = known(filters.status, APPOINTMENT_STATUSES);
  const attendance = known(filters.attendance, ATTENDANCE_VALUES);
  const paid = known(filters.paid, YES_NO);
  if (status) query.status = status;
  if (attendance) query.attendance = attendance;
  if (paid) query.paid = paid;
  if (filters.consultant) query.consultantId = filters.consultant;
  if (filters.customer) query.userId = filters.customer;
  if (filters.from && isCalendarDate(filters.from)) query.from = filters.from;
  if (filters.to && isCalendarDate(filters.to)) query.to = filters.to;
  if (sort) query.sort = sort;
  return query;
}

/** GET userAppointment/appointments, one page at a time; silent: the screen shows its own error panel. */
export async function getAppointments({ page, pageSize = PAGE_SIZE, ...params }: AppointmentListParams) {
  const answer = await call(
    appointmentEndpoints.list,
    { query: { page, pageSize, ...appointmentListQuery(params) } },
    { silent: true },
  );
  // With a page asked the answer is a page; the whole array is the spec's answer without one.
  return Array.isArray(answer) ? { data: answer, total: answer.length } : answer;
}

/** The list is cached for 5 minutes and invalidated after create, update or delete. */
export const appointmentsQueryOptions = (params?: AppointmentListParams) =>
  queryOptions({
    queryKey: params ? ["appointments", params] : ["appointments"],
    queryFn: () => getAppointments(params ?? { page: 1 }),
    staleTime: APPOINTMENT_LIST_STALE_MS,
    placeholderData: keepPreviousData,
  });

export const useAppointments = (params: AppointmentListParams) =>
  useQueryInSlices(appointmentsQueryOptions(params));
