import { useMutation, useQueryClient } from "@tanstack/react-query";
import { consultantEndpoints } from "@visadesk/contract/consultants-endpoints";
import { call } from "@/lib/api-client";
import { CONSULTANTS_KEY } from "./get-consultants";

/** POST Consultants/{id}/restore (Admin only): the consultant back with its timings and addresses. */
export const restoreConsultant = (guidId: string) =>
  call(consultantEndpoints.restore, { params: { id: guidId } }, { silent: true });

export function useRestoreConsultant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreConsultant,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: CONSULTANTS_KEY }),
        // Kept appointments no longer show the consultant as removed.
        queryClient.invalidateQueries({ queryKey: ["appointments"] }),
      ]),
  });
}
