import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ConsultantFields } from "@visadesk/contract/consultants";
import { consultantEndpoints } from "@visadesk/contract/consultants-endpoints";
import { call } from "@/lib/api-client";
import { type ConsultantImageFiles, consultantForm } from "./consultant-form-data";
import { CONSULTANTS_KEY } from "./get-consultants";

/** POST Consultants/register with a new GuidId; the form shows the spec's toasts itself. */
export const createConsultant = (input: { fields: ConsultantFields; images: ConsultantImageFiles }) =>
  call(
    consultantEndpoints.register,
    { form: consultantForm(input.fields, input.images, crypto.randomUUID()) },
    { silent: true },
  );

export function useCreateConsultant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createConsultant,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CONSULTANTS_KEY }),
  });
}
