import { useMutation, useQueryClient } from "@tanstack/react-query";
import { appointmentEndpoints } from "@visadesk/contract/appointments-endpoints";
import { call } from "@/lib/api-client";
import { appointmentsQueryOptions } from "./get-appointments";

/** POST userAppointment/{id}/send-reminder: mails the appointment's user. */
export const sendReminder = (id: number) =>
  call(appointmentEndpoints.sendReminder, { params: { id: String(id) } }, { silent: true });

export function useSendReminder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendReminder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: appointmentsQueryOptions().queryKey }),
  });
}
