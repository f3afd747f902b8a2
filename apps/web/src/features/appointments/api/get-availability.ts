import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Availability } from "@visadesk/contract/scheduling";
import { http } from "@/lib/http";

/** GET Consultants/{id}/availability for one consultant-local date: its free slot starts. */
export async function getAvailability(consultantId: string, date: string) {
  const response = await http.get<Availability>(
    `Consultants/${encodeURIComponent(consultantId)}/availability`,
    { params: { from: date, to: date }, silent: true },
  );
  return response.data;
}

/** Under "availability": every booking change makes them stale (see create and update). */
export const availabilityQueryOptions = (consultantId: string, date: string) =>
  queryOptions({
    queryKey: ["availability", consultantId, date],
    queryFn: () => getAvailability(consultantId, date),
    // Someone else may book meanwhile: free times are read again each time the dialog asks.
    staleTime: 0,
    retry: false,
  });

export const useAvailability = (consultantId: string, date: string, enabled: boolean) =>
  useQuery({ ...availabilityQueryOptions(consultantId, date), enabled });
