import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ConsultantTiming, TimingBodyInput } from "@visadesk/contract/consultants";
import { http } from "@/lib/http";
import { consultantQueryOptions } from "./get-consultant";

/** POST Consultants/consultanttimings: one timing, for add (id 0), edit and soft delete (isDeleted). */
export async function saveTiming(timing: TimingBodyInput) {
  const response = await http.post<ConsultantTiming>("Consultants/consultanttimings", timing, {
    silent: true,
  });
  return response.data;
}

export function useSaveTiming(consultantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTiming,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: consultantQueryOptions(consultantId).queryKey }),
  });
}
