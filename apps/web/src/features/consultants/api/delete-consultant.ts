import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { MessageAnswer } from "@visadesk/contract/common";
import { http } from "../../../lib/http";
import { CONSULTANTS_KEY } from "./get-consultants";

/** DELETE Consultants/{id}: a soft delete; booked upcoming appointments need confirmUpcoming. */
export async function deleteConsultant(input: { guidId: string; confirmUpcoming: boolean }) {
  const response = await http.delete<MessageAnswer>(`Consultants/${encodeURIComponent(input.guidId)}`, {
    params: input.confirmUpcoming ? { confirmUpcoming: true } : {},
    silent: true,
  });
  return response.data;
}

export function useDeleteConsultant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteConsultant,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CONSULTANTS_KEY }),
  });
}
