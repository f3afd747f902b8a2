import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { UpdateAppointmentBody } from "@visadesk/contract/appointments";
import { appointmentEndpoints } from "@visadesk/contract/appointments-endpoints";
import { call } from "@/lib/api-client";
import { appointmentsQueryOptions } from "./get-appointments";

/** PUT userAppointment/update-appointment: the edit dialog and the quick actions of the details dialog. */
export const updateAppointment = (body: UpdateAppointmentBody) =>
  call(appointmentEndpoints.update, { body }, { silent: true });

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
