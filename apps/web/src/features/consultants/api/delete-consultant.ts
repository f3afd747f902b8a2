import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { DeleteAppointmentChoice } from "@visadesk/contract/consultants-constants";
import { consultantEndpoints } from "@visadesk/contract/consultants-endpoints";
import { call } from "@/lib/api-client";
import { CONSULTANTS_KEY } from "./get-consultants";

export interface DeleteConsultantInput {
  guidId: string;
  /** The fate of the upcoming appointments; needed only when there are some. */
  appointments?: DeleteAppointmentChoice | undefined;
  /** Why they are cancelled (mailed to each customer); needed with appointments "cancel". */
  reason?: string | undefined;
}

/** DELETE Consultants/{id}: a soft delete; booked upcoming appointments need a decision. */
export const deleteConsultant = ({ guidId, appointments, reason }: DeleteConsultantInput) =>
  call(
    consultantEndpoints.remove,
    {
      params: { id: guidId },
      query: {
        ...(appointments ? { appointments } : {}),
        ...(appointments === "cancel" && reason ? { reason } : {}),
      },
    },
    { silent: true },
  );

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
