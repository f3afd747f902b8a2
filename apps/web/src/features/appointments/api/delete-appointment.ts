import { useMutation, useQueryClient } from "@tanstack/react-query";
import { appointmentEndpoints } from "@visadesk/contract/appointments-endpoints";
import { call } from "@/lib/api-client";
import { appointmentsQueryOptions } from "./get-appointments";

/** DELETE userAppointment/{id}?version=: refused (409) when the appointment changed since it was shown. */
export const deleteAppointment = (appointment: { id: number; version: number }) =>
  call(
    appointmentEndpoints.remove,
    { params: { id: String(appointment.id) }, query: { version: appointment.version } },
    { silent: true },
  );

export function useDeleteAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAppointment,
    // Refused or not, the list shows the appointments as they are now.
    onSettled: () => queryClient.invalidateQueries({ queryKey: appointmentsQueryOptions().queryKey }),
  });
}
