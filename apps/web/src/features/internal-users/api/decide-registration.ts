import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { User } from "@visadesk/contract/users";
import { http } from "@/lib/http";
import { internalUsersQueryOptions } from "./get-internal-users";

interface DecisionAnswer {
  message: string;
  user: User;
}
export type Decision = "approve" | "reject";

/** POST User/users/{guidId}/approve or /reject: an Admin's decision on a pending registration. */
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
