import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Appointment, CreateAppointmentBody } from "@visadesk/contract/appointments";
import { http } from "@/lib/http";
import { appointmentsQueryOptions } from "./get-appointments";

/** POST userAppointment; silent: the dialog shows the spec's toast and inline alert. */
export async function createAppointment(body: CreateAppointmentBody) {
  const response = await http.post<Appointment>("userAppointment", body, { silent: true });
  return response.data;
}

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
