import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ConsultantRestored } from "@visadesk/contract/consultants";
import { http } from "@/lib/http";
import { CONSULTANTS_KEY } from "./get-consultants";

/** POST Consultants/{id}/restore (Admin only): the consultant back with its timings and addresses. */
export async function restoreConsultant(guidId: string) {
  const response = await http.post<ConsultantRestored>(
    `Consultants/${encodeURIComponent(guidId)}/restore`,
    undefined,
    { silent: true },
  );
  return response.data;
}

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
