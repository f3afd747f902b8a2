import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Consultant, ConsultantFields } from "@visadesk/contract/consultants";
import { http } from "@/lib/http";
import { type ConsultantImageFiles, toFormData } from "./consultant-form-data";
import { CONSULTANTS_KEY } from "./get-consultants";

/** POST Consultants/register with a new GuidId; the form shows the spec's toasts itself. */
export async function createConsultant(input: { fields: ConsultantFields; images: ConsultantImageFiles }) {
  const body = toFormData(input.fields, input.images, crypto.randomUUID());
  const response = await http.post<Consultant>("Consultants/register", body, { silent: true });
  return response.data;
}

export function useCreateConsultant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createConsultant,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CONSULTANTS_KEY }),
  });
}
