import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ConsultantFields } from "@visadesk/contract/consultants";
import { consultantEndpoints } from "@visadesk/contract/consultants-endpoints";
import { call } from "@/lib/api-client";
import { type ConsultantImageFiles, consultantForm } from "./consultant-form-data";
import { CONSULTANTS_KEY } from "./get-consultants";

/**
 * PUT Consultants/update: the same multipart plus GuidId and the version the form loaded (a 409 when someone
 * saved the consultant since); images not chosen again are kept.
 */
export const updateConsultant = (input: {
  guidId: string;
  fields: ConsultantFields;
  images: ConsultantImageFiles;
  version: number;
}) =>
  call(
    consultantEndpoints.update,
    {
      form: {
        ...consultantForm(input.fields, input.images, input.guidId),
        version: String(input.version),
      },
    },
    { silent: true },
  );

export function useUpdateConsultant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateConsultant,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CONSULTANTS_KEY }),
  });
}
