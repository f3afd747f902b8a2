import { queryOptions, useQuery } from "@tanstack/react-query";
import type { DeletionImpact } from "@visadesk/contract/consultants";
import { http } from "@/lib/http";
import { CONSULTANTS_KEY } from "./get-consultants";

/** GET Consultants/{id}/deletion-impact: upcoming appointments that deleting would leave behind. */
export async function getDeletionImpact(guidId: string) {
  const response = await http.get<DeletionImpact>(
    `Consultants/${encodeURIComponent(guidId)}/deletion-impact`,
    {
      silent: true,
    },
  );
  return response.data;
}

export const deletionImpactQueryOptions = (guidId: string) =>
  queryOptions({
    queryKey: [...CONSULTANTS_KEY, "deletion-impact", guidId],
    queryFn: () => getDeletionImpact(guidId),
  });

export const useDeletionImpact = (guidId: string) =>
  useQuery({ ...deletionImpactQueryOptions(guidId), refetchOnMount: "always", staleTime: 0 });
