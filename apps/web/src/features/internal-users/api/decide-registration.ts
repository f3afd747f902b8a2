import { useMutation, useQueryClient } from "@tanstack/react-query";
import { userSchema } from "@visadesk/contract/users";
import { z } from "zod";
import { http } from "../../../lib/http";
import { internalUsersQueryOptions } from "./get-internal-users";

const decisionSchema = z.object({ message: z.string(), user: userSchema });
export type Decision = "approve" | "reject";

/** POST User/users/{guidId}/approve or /reject: an Admin's decision on a pending registration. */
export async function decideRegistration({ guidId, decision }: { guidId: string; decision: Decision }) {
  const response = await http.post(`User/users/${encodeURIComponent(guidId)}/${decision}`, undefined, {
    silent: true,
  });
  return decisionSchema.parse(response.data);
}

export function useDecideRegistration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideRegistration,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: internalUsersQueryOptions().queryKey }),
  });
}
