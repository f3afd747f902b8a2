import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { AppointmentPage } from "@visadesk/contract/appointments";
import { APPOINTMENT_LIST_STALE_MS } from "@visadesk/contract/appointments-constants";
import { PAGE_SIZE } from "@visadesk/contract/common-constants";
import { http } from "../../../lib/http";

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
  /** A column's sort field, "-" first for descending; absent = upcoming first. */
  sort?: string;
  filters?: Partial<Record<AppointmentFilter, string>>;
}

/**
 * The query of the list, its export and its "select all matching", without the page: the address's
 * consultant and customer are the API's consultantId and userId.
 */
export function appointmentListQuery({ sort, filters = {} }: Omit<AppointmentListParams, "page">) {
  const { consultant, customer, ...rest } = filters;
  const query: Record<string, string> = {};
  for (const [key, value] of Object.entries({ ...rest, consultantId: consultant, userId: customer, sort })) {
    if (value) query[key] = value;
  }
  return query;
}

/** GET userAppointment/appointments, one page at a time; silent: the screen shows its own error panel. */
export async function getAppointments({ page, ...query }: AppointmentListParams) {
  const response = await http.get<AppointmentPage>("userAppointment/appointments", {
    params: { page, pageSize: PAGE_SIZE, ...appointmentListQuery(query) },
    silent: true,
  });
  return response.data;
}

/** Spec section 7: the list is cached for 5 minutes and invalidated after create, update or delete. */
export const appointmentsQueryOptions = (params?: AppointmentListParams) =>
  queryOptions({
    queryKey: params ? ["appointments", params] : ["appointments"],
    queryFn: () => getAppointments(params ?? { page: 1 }),
    staleTime: APPOINTMENT_LIST_STALE_MS,
    placeholderData: keepPreviousData,
  });

export const useAppointments = (params: AppointmentListParams) => useQuery(appointmentsQueryOptions(params));
