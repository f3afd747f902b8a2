import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { TimeOff, TimeOffBodyInput } from "@visadesk/contract/scheduling";
import { http } from "@/lib/http";
import { CONSULTANTS_KEY } from "./get-consultants";

const path = (consultantId: string) => `Consultants/${encodeURIComponent(consultantId)}/time-off`;
const timeOffKey = (consultantId: string) => [...CONSULTANTS_KEY, "time-off", consultantId];

/** GET Consultants/{id}/time-off: the days the consultant is away, earliest first. */
export const useTimeOff = (consultantId: string) =>
  useQuery({
    queryKey: timeOffKey(consultantId),
    queryFn: async () => (await http.get<TimeOff[]>(path(consultantId), { silent: true })).data,
    enabled: consultantId !== "",
    refetchOnMount: "always",
  });

/** After a change: the list, and the free times the booking dialog offers. */
function useRefresh(consultantId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: timeOffKey(consultantId) }),
      queryClient.invalidateQueries({ queryKey: ["availability"] }),
    ]);
}

/** POST Consultants/{id}/time-off; silent: the form shows the server's words at its fields. */
export function useAddTimeOff(consultantId: string) {
  const refresh = useRefresh(consultantId);
  return useMutation({
    mutationFn: async (body: TimeOffBodyInput) =>
      (await http.post<TimeOff>(path(consultantId), body, { silent: true })).data,
    onSuccess: refresh,
  });
}

/** DELETE Consultants/{id}/time-off/{timeOffId}. */
export function useDeleteTimeOff(consultantId: string) {
  const refresh = useRefresh(consultantId);
  return useMutation({
    mutationFn: async (timeOff: TimeOff) =>
      (
        await http.delete<{ message: string }>(
          `${path(consultantId)}/${encodeURIComponent(timeOff.guidId)}`,
          {
            silent: true,
          },
        )
      ).data,
    onSuccess: refresh,
  });
}
