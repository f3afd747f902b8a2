import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { MessageAnswer } from "@visadesk/contract/common";
import { http } from "@/lib/http";
import { appointmentsQueryOptions } from "./get-appointments";

/** DELETE userAppointment/{id}?version=: refused (409) when the appointment changed since it was shown. */
export async function deleteAppointment(appointment: { id: number; version: number }) {
  const response = await http.delete<MessageAnswer>(`userAppointment/${appointment.id}`, {
    params: { version: appointment.version },
    silent: true,
  });
  return response.data;
}

export function useDeleteAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAppointment,
    // Refused or not, the list shows the appointments as they are now.
    onSettled: () => queryClient.invalidateQueries({ queryKey: appointmentsQueryOptions().queryKey }),
  });
}
