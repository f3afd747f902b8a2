import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CreateAppointmentBody } from "@visadesk/contract/appointments";
import { appointmentEndpoints } from "@visadesk/contract/appointments-endpoints";
import { call } from "@/lib/api-client";
import { appointmentsQueryOptions } from "./get-appointments";

/** POST userAppointment; silent: the dialog shows the spec's toast and inline alert. */
export const createAppointment = (body: CreateAppointmentBody) =>
  call(appointmentEndpoints.create, { body }, { silent: true });

export function useCreateAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAppointment,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: appointmentsQueryOptions().queryKey }),
        // A booking takes a slot (a move or a cancel frees one): the free times change.
        queryClient.invalidateQueries({ queryKey: ["availability"] }),
      ]),
  });
}
