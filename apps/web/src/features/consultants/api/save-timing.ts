import { useMutation, useQueryClient } from "@tanstack/react-query";
import { consultantEndpoints } from "@visadesk/contract/consultants-endpoints";
import type { TimingBodyInput } from "@visadesk/contract/consultants-timings-addresses";
import { call } from "@/lib/api-client";
import { consultantQueryOptions } from "./get-consultant";

/** POST Consultants/consultanttimings: one timing, for add (id 0), edit and soft delete (isDeleted). */
export const saveTiming = (timing: TimingBodyInput) =>
  call(consultantEndpoints.saveTiming, { body: timing }, { silent: true });

export function useSaveTiming(consultantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTiming,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: consultantQueryOptions(consultantId).queryKey }),
  });
}
