import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ConsultantDetail } from "@visadesk/contract/consultants";
import { http } from "@/lib/http";
import { CONSULTANTS_KEY } from "./get-consultants";

/** GET Consultants/{id}: one consultant by guidId with its timings and addresses; screens show their own toasts. */
export async function getConsultant(guidId: string) {
  const response = await http.get<ConsultantDetail>(`Consultants/${encodeURIComponent(guidId)}`, {
    silent: true,
  });
  return response.data;
}

export const consultantQueryOptions = (guidId: string) =>
  queryOptions({ queryKey: [...CONSULTANTS_KEY, "detail", guidId], queryFn: () => getConsultant(guidId) });

export const useConsultant = (guidId: string | undefined) =>
  useQuery({ ...consultantQueryOptions(guidId ?? ""), enabled: Boolean(guidId), refetchOnMount: "always" });
