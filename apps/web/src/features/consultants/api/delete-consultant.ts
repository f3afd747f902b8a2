import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ConsultantDeleted } from "@visadesk/contract/consultants";
import type { DeleteAppointmentChoice } from "@visadesk/contract/consultants-constants";
import { http } from "@/lib/http";
import { CONSULTANTS_KEY } from "./get-consultants";

export interface DeleteConsultantInput {
  guidId: string;
  /** The fate of the upcoming appointments; needed only when there are some. */
  appointments?: DeleteAppointmentChoice | undefined;
  /** Why they are cancelled (mailed to each customer); needed with appointments "cancel". */
  reason?: string | undefined;
}

/** DELETE Consultants/{id}: a soft delete; booked upcoming appointments need a decision. */
export async function deleteConsultant({ guidId, appointments, reason }: DeleteConsultantInput) {
  const response = await http.delete<ConsultantDeleted>(`Consultants/${encodeURIComponent(guidId)}`, {
    params: {
      ...(appointments ? { appointments } : {}),
      ...(appointments === "cancel" && reason ? { reason } : {}),
    },
    silent: true,
  });
  return response.data;
}

export function useDeleteConsultant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteConsultant,
    // The appointments list shows the consultant as deleted, and cancelled ones as cancelled.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: CONSULTANTS_KEY }),
        queryClient.invalidateQueries({ queryKey: ["appointments"] }),
      ]),
  });
}
