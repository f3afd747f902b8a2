import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ReminderResponse } from "@visadesk/contract/appointments";
import { http } from "@/lib/http";
import { appointmentsQueryOptions } from "./get-appointments";

/** POST userAppointment/{id}/send-reminder: mails the appointment's user. */
export async function sendReminder(id: number) {
  const response = await http.post<ReminderResponse>(`userAppointment/${id}/send-reminder`, undefined, {
    silent: true,
  });
  return response.data;
}

export function useSendReminder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendReminder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: appointmentsQueryOptions().queryKey }),
  });
}
