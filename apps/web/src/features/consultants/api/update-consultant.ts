import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Consultant, ConsultantFields } from "@visadesk/contract/consultants";
import { http } from "@/lib/http";
import { type ConsultantImageFiles, toFormData } from "./consultant-form-data";
import { CONSULTANTS_KEY } from "./get-consultants";

/**
 * PUT Consultants/update: the same multipart plus GuidId and the version the form loaded (a 409 when someone
 * saved the consultant since); images not chosen again are kept.
 */
export async function updateConsultant(input: {
  guidId: string;
  fields: ConsultantFields;
  images: ConsultantImageFiles;
  version: number;
}) {
  const body = toFormData(input.fields, input.images, input.guidId);
  body.append("version", String(input.version));
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
