import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { User } from "@visadesk/contract/users";
import { http } from "@/lib/http";
import { internalUsersQueryOptions } from "./get-internal-users";

interface DecisionAnswer {
  message: string;
  user: User;
}
/** reopen puts a rejected registration back to pending, to be decided again. */
export type Decision = "approve" | "reject" | "reopen";

/** POST User/users/{guidId}/approve, /reject or /reopen: an Admin's decision on a registration. */
export async function decideRegistration({ guidId, decision }: { guidId: string; decision: Decision }) {
  const response = await http.post<DecisionAnswer>(
    `User/users/${encodeURIComponent(guidId)}/${decision}`,
    undefined,
    {
      silent: true,
    },
  );
  return response.data;
}

export function useDecideRegistration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideRegistration,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: internalUsersQueryOptions().queryKey }),
  });
}
