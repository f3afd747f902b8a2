import { queryOptions, useQuery } from "@tanstack/react-query";
import { schedulingEndpoints } from "@visadesk/contract/scheduling-endpoints";
import { call } from "@/lib/api-client";

/** GET Consultants/{id}/availability from one consultant-local date to another: each day's free slot starts. */
export const getAvailability = (consultantId: string, from: string, to = from) =>
  call(
    schedulingEndpoints.availability,
    { params: { id: consultantId }, query: { from, to } },
    { silent: true },
  );

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
