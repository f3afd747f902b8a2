import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AddressBodyInput, ConsultantAddress } from "@visadesk/contract/consultants";
import { http } from "@/lib/http";
import { consultantQueryOptions } from "./get-consultant";

/** POST Consultants/consultantaddresses: an array holding one address, for add, edit and soft delete. */
export async function saveAddress(address: AddressBodyInput) {
  const response = await http.post<ConsultantAddress[]>("Consultants/consultantaddresses", [address], {
    silent: true,
  });
  return response.data[0];
}

export function useSaveAddress(consultantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAddress,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: consultantQueryOptions(consultantId).queryKey }),
  });
}
