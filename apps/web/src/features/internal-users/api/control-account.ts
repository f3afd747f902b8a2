import { useMutation, useQueryClient } from "@tanstack/react-query";
import { staffAccountEndpoints as endpoints } from "@visadesk/contract/staff-accounts-endpoints";
import { call } from "@/lib/api-client";
import { internalUsersQueryOptions } from "./get-internal-users";

/** An Admin's actions on an internal account; each is its own call of the API. */
export type AccountAction =
  | { kind: "suspend" }
  | { kind: "reactivate" }
  | { kind: "role"; role: "Admin" | "Staff" }
  | { kind: "end-sessions" }
  | { kind: "reset-mfa" }
  | { kind: "unlock" };

export async function controlAccount({ guidId, action }: { guidId: string; action: AccountAction }) {
  const params = { id: guidId };
  const silent = { silent: true };
  switch (action.kind) {
    case "suspend":
      return call(endpoints.suspend, { params }, silent);
    case "reactivate":
      return call(endpoints.reactivate, { params }, silent);
    case "role":
      return call(endpoints.changeRole, { params, body: { role: action.role } }, silent);
    case "end-sessions":
      return call(endpoints.endSessions, { params }, silent);
    case "reset-mfa":
      return call(endpoints.resetTwoFactor, { params }, silent);
    case "unlock":
      return call(endpoints.unlock, { params }, silent);
  }
}

export function useControlAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: controlAccount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: internalUsersQueryOptions().queryKey }),
  });
}
