import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Consultant, ConsultantFields } from "@visadesk/contract/consultants";
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
  const response = await http.put<Consultant>("Consultants/update", body, { silent: true });
  return response.data;
}

export function useUpdateConsultant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateConsultant,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CONSULTANTS_KEY }),
  });
}
