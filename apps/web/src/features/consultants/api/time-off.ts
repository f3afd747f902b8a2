import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { TimeOff, TimeOffBodyInput } from "@visadesk/contract/scheduling";
import { schedulingEndpoints } from "@visadesk/contract/scheduling-endpoints";
import { call } from "@/lib/api-client";
import { refetchUnlessFetchedForScreen } from "@/lib/screen-data";
import { useQueryInSlices } from "@/lib/use-query-in-slices";
import { CONSULTANTS_KEY } from "./get-consultants";

const timeOffKey = (consultantId: string) => [...CONSULTANTS_KEY, "time-off", consultantId];

/** GET Consultants/{id}/time-off: the days the consultant is away, earliest first. */
export const timeOffQueryOptions = (consultantId: string) =>
  queryOptions({
    queryKey: timeOffKey(consultantId),
    queryFn: async () =>
      (await call(schedulingEndpoints.timeOff, { params: { id: consultantId } }, { silent: true })).data,
  });

export const useTimeOff = (consultantId: string) =>
  useQueryInSlices({
    ...timeOffQueryOptions(consultantId),
    enabled: consultantId !== "",
    refetchOnMount: refetchUnlessFetchedForScreen,
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
    mutationFn: (body: TimeOffBodyInput) =>
      call(schedulingEndpoints.addTimeOff, { params: { id: consultantId }, body }, { silent: true }),
    onSuccess: refresh,
  });
}

/** DELETE Consultants/{id}/time-off/{timeOffId}. */
export function useDeleteTimeOff(consultantId: string) {
  const refresh = useRefresh(consultantId);
  return useMutation({
    mutationFn: (timeOff: TimeOff) =>
      call(
        schedulingEndpoints.removeTimeOff,
        { params: { id: consultantId, timeOffId: timeOff.guidId } },
        { silent: true },
      ),
    onSuccess: refresh,
  });
}
