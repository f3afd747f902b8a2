import { useMutation, useQueryClient } from "@tanstack/react-query";
import { appUserEndpoints } from "@visadesk/contract/app-users-endpoints";
import type { DeleteAppointmentChoice } from "@visadesk/contract/deletion-constants";
import { call } from "@/lib/api-client";
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
export const deleteAppUser = ({ guidId, appointments, reason }: DeleteAppUserInput) =>
  call(
    appUserEndpoints.delete,
    {
      params: { id: guidId },
      query: {
        ...(appointments ? { appointments } : {}),
        ...(appointments === "cancel" && reason ? { reason } : {}),
      },
    },
    { silent: true },
  );

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
export const getAppUserDeletionImpact = (guidId: string) =>
  call(appUserEndpoints.deletionImpact, { params: { id: guidId } }, { silent: true });
