import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { User } from "@visadesk/contract/users";
import { http } from "@/lib/http";
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
  const base = `User/users/${encodeURIComponent(guidId)}`;
  if (action.kind === "reset-mfa") {
    return (await http.delete<{ message: string; user?: User }>(`${base}/mfa`, { silent: true })).data;
  }
  const response =
    action.kind === "role"
      ? await http.put<{ message: string; user?: User }>(
          `${base}/role`,
          { role: action.role },
          { silent: true },
        )
      : await http.post<{ message: string; user?: User }>(`${base}/${action.kind}`, undefined, {
          silent: true,
        });
  return response.data;
}

export function useControlAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: controlAccount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: internalUsersQueryOptions().queryKey }),
  });
}
