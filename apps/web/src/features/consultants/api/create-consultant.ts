import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type ConsultantFields, consultantSchema } from "@visadesk/contract/consultants";
import { http } from "../../../lib/http";
import { type ConsultantImageFiles, toFormData } from "./consultant-form-data";
import { CONSULTANTS_KEY } from "./get-consultants";

/** POST Consultants/register with a new GuidId; the form shows the spec's toasts itself. */
export async function createConsultant(input: { fields: ConsultantFields; images: ConsultantImageFiles }) {
  const body = toFormData(input.fields, input.images, crypto.randomUUID());
  const response = await http.post("Consultants/register", body, { silent: true });
  return consultantSchema.parse(response.data);
}

export function useCreateConsultant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createConsultant,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CONSULTANTS_KEY }),
  });
}
