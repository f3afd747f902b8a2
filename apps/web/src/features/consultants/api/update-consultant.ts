import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type ConsultantFields, consultantSchema } from "@visadesk/contract/consultants";
import { http } from "../../../lib/http";
import { type ConsultantImageFiles, toFormData } from "./consultant-form-data";
import { CONSULTANTS_KEY } from "./get-consultants";

/** PUT Consultants/update: the same multipart plus GuidId; images not chosen again are kept. */
export async function updateConsultant(input: {
  guidId: string;
  fields: ConsultantFields;
  images: ConsultantImageFiles;
}) {
  const body = toFormData(input.fields, input.images, input.guidId);
  const response = await http.put("Consultants/update", body, { silent: true });
  return consultantSchema.parse(response.data);
}

export function useUpdateConsultant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateConsultant,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CONSULTANTS_KEY }),
  });
}
