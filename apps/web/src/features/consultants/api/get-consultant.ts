import { queryOptions } from "@tanstack/react-query";
import { consultantEndpoints } from "@visadesk/contract/consultants-endpoints";
import { call } from "@/lib/api-client";
import type { ScreenAddress } from "@/lib/feature";
import { prefetchForScreen, refetchUnlessFetchedForScreen } from "@/lib/screen-data";
import { useQueryInSlices } from "@/lib/use-query-in-slices";
import { CONSULTANTS_KEY } from "./get-consultants";

/** GET Consultants/{id}: one consultant by guidId with its timings and addresses; screens show their own toasts. */
export const getConsultant = (guidId: string) =>
  call(consultantEndpoints.detail, { params: { id: guidId } }, { silent: true });

export const consultantQueryOptions = (guidId: string) =>
  queryOptions({ queryKey: [...CONSULTANTS_KEY, "detail", guidId], queryFn: () => getConsultant(guidId) });

/** A consultant's screens open with the record as it is now, not as an earlier visit left it. */
export const useConsultant = (guidId: string | undefined) =>
  useQueryInSlices({
    ...consultantQueryOptions(guidId ?? ""),
    enabled: Boolean(guidId),
    refetchOnMount: refetchUnlessFetchedForScreen,
  });

/** The `prefetch` of a consultant's screens (edit, timings, addresses, delete): the record. */
export function prefetchConsultant({ params }: ScreenAddress) {
  const guidId = params.guidId ?? params.consultantId;
  if (guidId) prefetchForScreen(consultantQueryOptions(guidId));
}
