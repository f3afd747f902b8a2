import { useMutation, useQueryClient } from "@tanstack/react-query";
import { staffAccountEndpoints as endpoints } from "@visadesk/contract/staff-accounts-endpoints";
import { call } from "@/lib/api-client";
import { internalUsersQueryOptions } from "./get-internal-users";

/** reopen puts a rejected registration back to pending, to be decided again. */
export type Decision = "approve" | "reject" | "reopen";

/** POST User/users/{guidId}/approve, /reject or /reopen: an Admin's decision on a registration. */
export const decideRegistration = ({ guidId, decision }: { guidId: string; decision: Decision }) =>
  call(endpoints[decision], { params: { id: guidId } }, { silent: true });

export function useDecideRegistration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideRegistration,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: internalUsersQueryOptions().queryKey }),
  });
}
