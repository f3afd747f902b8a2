import { queryOptions, useQuery } from "@tanstack/react-query";
import { consultantEndpoints } from "@visadesk/contract/consultants-endpoints";
import { call } from "@/lib/api-client";
import { CONSULTANTS_KEY } from "./get-consultants";

/** GET Consultants/{id}/deletion-impact: upcoming appointments that deleting would leave behind. */
export const getDeletionImpact = (guidId: string) =>
  call(consultantEndpoints.deletionImpact, { params: { id: guidId } }, { silent: true });

export const deletionImpactQueryOptions = (guidId: string) =>
  queryOptions({
    queryKey: [...CONSULTANTS_KEY, "deletion-impact", guidId],
    queryFn: () => getDeletionImpact(guidId),
  });

export const useDeletionImpact = (guidId: string) =>
  useQuery({ ...deletionImpactQueryOptions(guidId), refetchOnMount: "always", staleTime: 0 });
