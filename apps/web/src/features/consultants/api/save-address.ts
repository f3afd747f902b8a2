import { useMutation, useQueryClient } from "@tanstack/react-query";
import { consultantEndpoints } from "@visadesk/contract/consultants-endpoints";
import type { AddressBodyInput } from "@visadesk/contract/consultants-timings-addresses";
import { call } from "@/lib/api-client";
import { consultantQueryOptions } from "./get-consultant";

/** POST Consultants/consultantaddresses: an array holding one address, for add, edit and soft delete. */
export async function saveAddress(address: AddressBodyInput) {
  const saved = await call(consultantEndpoints.saveAddresses, { body: [address] }, { silent: true });
  return saved[0];
}

export function useSaveAddress(consultantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAddress,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: consultantQueryOptions(consultantId).queryKey }),
  });
}
