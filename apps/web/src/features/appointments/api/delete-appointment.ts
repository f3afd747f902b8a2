import { useMutation, useQueryClient } from "@tanstack/react-query";
import { messageSchema } from "@visadesk/contract/common";
import { http } from "../../../lib/http";
import { appointmentsQueryOptions } from "./get-appointments";

/** DELETE userAppointment/{id}. */
export async function deleteAppointment(id: number) {
  const response = await http.delete(`userAppointment/${id}`, { silent: true });
  return messageSchema.parse(response.data);
}

export function useDeleteAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAppointment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: appointmentsQueryOptions().queryKey }),
  });
}
