import { queryOptions } from "@tanstack/react-query";
import type { Appointment } from "@visadesk/contract/appointments";
import { http } from "@/lib/http";

/** GET userAppointment/{id}: one appointment as stored now (the edit dialog reads it after a refused save). */
export async function getAppointment(guidId: string) {
  const response = await http.get<Appointment>(`userAppointment/${encodeURIComponent(guidId)}`, {
    silent: true,
  });
  return response.data;
}

export const appointmentQueryOptions = (guidId: string) =>
  queryOptions({
    queryKey: ["appointments", "detail", guidId],
    queryFn: () => getAppointment(guidId),
    staleTime: 0,
  });
