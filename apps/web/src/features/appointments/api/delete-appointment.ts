import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { MessageAnswer } from "@visadesk/contract/common";
import { http } from "../../../lib/http";
import { appointmentsQueryOptions } from "./get-appointments";

/** DELETE userAppointment/{id}. */
export async function deleteAppointment(id: number) {
  const response = await http.delete<MessageAnswer>(`userAppointment/${id}`, { silent: true });
  return response.data;
}

export function useDeleteAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAppointment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: appointmentsQueryOptions().queryKey }),
  });
}
