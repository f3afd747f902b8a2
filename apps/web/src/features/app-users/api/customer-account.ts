import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { appUserEndpoints } from "@visadesk/contract/app-users-endpoints";
import type { CnicDecisionBody } from "@visadesk/contract/users";
import { call } from "@/lib/api-client";

export const customerDevicesQueryOptions = (guidId: string) =>
  queryOptions({
    queryKey: ["app-users", "devices", guidId],
    queryFn: () => call(appUserEndpoints.devices, { params: { id: guidId } }, { silent: true }),
  });

/** A customer's devices in the customer app or site, last used first. */
export const useCustomerDevices = (guidId: string) => useQuery(customerDevicesQueryOptions(guidId));

/** POST User/users/{id}/cnic-verification: verified, or rejected with the reason mailed to the customer. */
export function useCnicDecision(guidId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CnicDecisionBody) =>
      call(appUserEndpoints.decideCnic, { params: { id: guidId }, body }, { silent: true }),
    // The record and the lists (the verification queue among them) show the new state.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["app-users"] }),
  });
}

/** POST User/users/{id}/sign-out-everywhere. */
export function useSignOutEverywhere(guidId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(appUserEndpoints.signOutEverywhere, { params: { id: guidId } }, { silent: true }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: customerDevicesQueryOptions(guidId).queryKey }),
  });
}
