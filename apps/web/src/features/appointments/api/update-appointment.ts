import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Appointment, UpdateAppointmentBody } from "@visadesk/contract/appointments";
import { http } from "@/lib/http";
import { appointmentsQueryOptions } from "./get-appointments";

/** PUT userAppointment/update-appointment: the edit dialog and the quick actions of the details dialog. */
export async function updateAppointment(body: UpdateAppointmentBody) {
  const response = await http.put<Appointment>("userAppointment/update-appointment", body, { silent: true });
  return response.data;
}

export function useUpdateAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAppointment,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: appointmentsQueryOptions().queryKey }),
        // A booking takes a slot (a move or a cancel frees one): the free times change.
        queryClient.invalidateQueries({ queryKey: ["availability"] }),
      ]),
  });
}
