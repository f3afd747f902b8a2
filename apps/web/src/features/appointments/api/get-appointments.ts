import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { AppointmentPage } from "@visadesk/contract/appointments";
import { APPOINTMENT_LIST_STALE_MS, type AppointmentStatus } from "@visadesk/contract/appointments-constants";
import { PAGE_SIZE } from "@visadesk/contract/common-constants";
import type { Attendance } from "@visadesk/contract/scheduling";
import { http } from "../../../lib/http";

export interface AppointmentListParams {
  page: number;
  status: AppointmentStatus | "";
  /** A consultant's guidId, or "" for every consultant. */
  consultantId: string;
  /** Only appointments marked so; "" or absent for any. */
  attendance?: Attendance | "";
  /** A column's sort field, "-" first for descending; "" or absent = upcoming first. */
  sort?: string;
}

/** GET userAppointment/appointments, one page at a time; silent: the screen shows its own error panel. */
export async function getAppointments({
  page,
  status,
  consultantId,
  attendance,
  sort,
}: AppointmentListParams) {
  const response = await http.get<AppointmentPage>("userAppointment/appointments", {
    params: {
      page,
      pageSize: PAGE_SIZE,
      ...(status ? { status } : {}),
      ...(consultantId ? { consultantId } : {}),
      ...(attendance ? { attendance } : {}),
      ...(sort ? { sort } : {}),
    },
    silent: true,
  });
  return response.data;
}

/** Spec section 7: the list is cached for 5 minutes and invalidated after create, update or delete. */
export const appointmentsQueryOptions = (params?: AppointmentListParams) =>
  queryOptions({
    queryKey: params ? ["appointments", params] : ["appointments"],
    queryFn: () => getAppointments(params ?? { page: 1, status: "", consultantId: "" }),
    staleTime: APPOINTMENT_LIST_STALE_MS,
    placeholderData: keepPreviousData,
  });

export const useAppointments = (params: AppointmentListParams) => useQuery(appointmentsQueryOptions(params));
