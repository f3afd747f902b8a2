import { useMutation, useQueryClient } from "@tanstack/react-query";
import { appointmentSchema, type CreateAppointmentBody } from "@visadesk/contract/appointments";
import { http } from "../../../lib/http";
import { appointmentsQueryOptions } from "./get-appointments";

/** POST userAppointment; silent: the dialog shows the spec's toast and inline alert. */
export async function createAppointment(body: CreateAppointmentBody) {
  const response = await http.post("userAppointment", body, { silent: true });
  return appointmentSchema.parse(response.data);
}

export function useCreateAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAppointment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: appointmentsQueryOptions().queryKey }),
  });
}
