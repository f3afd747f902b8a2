import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type AddressBodyInput, consultantAddressSchema } from "@visadesk/contract/consultants";
import { z } from "zod";
import { http } from "../../../lib/http";
import { consultantQueryOptions } from "./get-consultant";

/** POST Consultants/consultantaddresses: an array holding one address, for add, edit and soft delete. */
export async function saveAddress(address: AddressBodyInput) {
  const response = await http.post("Consultants/consultantaddresses", [address], { silent: true });
  return z.array(consultantAddressSchema).parse(response.data)[0];
}

export function useSaveAddress(consultantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAddress,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: consultantQueryOptions(consultantId).queryKey }),
  });
}
