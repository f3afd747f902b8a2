import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CnicDecisionBody, User } from "@visadesk/contract/users";
import { http } from "@/lib/http";

const base = (guidId: string) => `User/users/${encodeURIComponent(guidId)}`;

/** A customer's devices in the customer app or site, last used first. */
export interface CustomerDevice {
  id: string;
  deviceName: string;
  createdAt: string;
  lastUsedAt: string;
}

export const customerDevicesQueryOptions = (guidId: string) =>
  queryOptions({
    queryKey: ["app-users", "devices", guidId],
    queryFn: async () => (await http.get<CustomerDevice[]>(`${base(guidId)}/devices`, { silent: true })).data,
  });

export const useCustomerDevices = (guidId: string) => useQuery(customerDevicesQueryOptions(guidId));

/** POST User/users/{id}/cnic-verification: verified, or rejected with the reason mailed to the customer. */
export function useCnicDecision(guidId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CnicDecisionBody) =>
      (await http.post<User>(`${base(guidId)}/cnic-verification`, body, { silent: true })).data,
    // The record and the lists (the verification queue among them) show the new state.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["app-users"] }),
  });
}

/** POST User/users/{id}/sign-out-everywhere. */
export function useSignOutEverywhere(guidId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (
        await http.post<{ message: string }>(`${base(guidId)}/sign-out-everywhere`, undefined, {
          silent: true,
        })
      ).data,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: customerDevicesQueryOptions(guidId).queryKey }),
  });
}
