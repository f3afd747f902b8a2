import { queryOptions } from "@tanstack/react-query";
import { appointmentEndpoints } from "@visadesk/contract/appointments-endpoints";
import { call } from "@/lib/api-client";

/** GET userAppointment/{id}: one appointment as stored now (the edit dialog reads it after a refused save). */
export const getAppointment = (guidId: string) =>
  call(appointmentEndpoints.get, { params: { id: guidId } }, { silent: true });

export const appointmentQueryOptions = (guidId: string) =>
  queryOptions({
    queryKey: ["appointments", "detail", guidId],
    queryFn: () => getAppointment(guidId),
    staleTime: 0,
  });
