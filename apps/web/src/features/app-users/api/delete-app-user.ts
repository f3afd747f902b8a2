import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { DeletionImpact } from "@visadesk/contract/deletion";
import type { DeleteAppointmentChoice } from "@visadesk/contract/deletion-constants";
import type { AppUserDeleted } from "@visadesk/contract/users";
import { http } from "@/lib/http";
import { DASHBOARD_QUERY_KEY } from "@/lib/query-client";
import { appUsersQueryOptions } from "./get-app-users";

export interface DeleteAppUserInput {
  guidId: string;
  /** The fate of the upcoming appointments; needed only when there are some. */
  appointments?: DeleteAppointmentChoice | undefined;
  /** Why they are cancelled (mailed); needed with appointments "cancel". */
  reason?: string | undefined;
}

/** DELETE User/users/{id}; booked upcoming appointments need a decision. The list is reloaded after. */
export async function deleteAppUser({ guidId, appointments, reason }: DeleteAppUserInput) {
  const response = await http.delete<AppUserDeleted>(`User/users/${encodeURIComponent(guidId)}`, {
    params: {
      ...(appointments ? { appointments } : {}),
      ...(appointments === "cancel" && reason ? { reason } : {}),
    },
    silent: true,
  });
  return response.data;
}

export function useDeleteAppUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAppUser,
    // The appointment screens show the customer as deleted, and cancelled ones as cancelled.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: appUsersQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: ["appointments"] }),
        queryClient.invalidateQueries({ queryKey: DASHBOARD_QUERY_KEY }),
      ]),
  });
}

/** GET User/users/{id}/deletion-impact: upcoming appointments that deleting would leave behind. */
export async function getAppUserDeletionImpact(guidId: string) {
  const response = await http.get<DeletionImpact>(
    `User/users/${encodeURIComponent(guidId)}/deletion-impact`,
    { silent: true },
  );
  return response.data;
}
