import { queryOptions } from "@tanstack/react-query";
import { consultantEndpoints } from "@visadesk/contract/consultants-endpoints";
import { call } from "@/lib/api-client";
import { useQueryInSlices } from "@/lib/use-query-in-slices";
import { CONSULTANTS_KEY } from "./get-consultants";

/** GET Consultants/{id}: one consultant by guidId with its timings and addresses; screens show their own toasts. */
export const getConsultant = (guidId: string) =>
  call(consultantEndpoints.detail, { params: { id: guidId } }, { silent: true });

export const consultantQueryOptions = (guidId: string) =>
  queryOptions({ queryKey: [...CONSULTANTS_KEY, "detail", guidId], queryFn: () => getConsultant(guidId) });

export const useConsultant = (guidId: string | undefined) =>
  useQueryInSlices({
    ...consultantQueryOptions(guidId ?? ""),
    enabled: Boolean(guidId),
    refetchOnMount: "always",
  });
