import { queryOptions, useQuery } from "@tanstack/react-query";
import { consultantEndpoints } from "@visadesk/contract/consultants-endpoints";
import { call } from "@/lib/api-client";
import { statusOf } from "@/lib/http";

/** The consultant list item of the appointment form: guidId or id, name, email. */
export interface ConsultantOption {
  guidId: string;
  id?: number;
  name: string;
  contactEmail?: string | null;
}

export const CONSULTANT_OPTIONS_LIMIT = 50;

/** GET Consultants/consultants searched on the server, so the select works with thousands of consultants. */
export async function getConsultantOptions(search: string): Promise<ConsultantOption[]> {
  const answer = await call(consultantEndpoints.list, {
    query: { page: 1, pageSize: CONSULTANT_OPTIONS_LIMIT, ...(search ? { search } : {}) },
  });
  return answer.data;
}

/** Fetched under the query key "consultants". */
export const consultantOptionsQueryOptions = (search = "") =>
  queryOptions({
    queryKey: ["consultants", "appointment-options", search],
    queryFn: () => getConsultantOptions(search),
  });

export const useConsultantOptions = (search: string) => useQuery(consultantOptionsQueryOptions(search));

/**
 * The name of one consultant by guidId, for a filter whose consultant no listed appointment names: null
 * when it is deleted (or unknown), as GET Consultants/{id} answers 404 for both.
 */
export async function getConsultantName(guidId: string): Promise<string | null> {
  try {
    const consultant = await call(consultantEndpoints.detail, { params: { id: guidId } }, { silent: true });
    return consultant.name;
  } catch (error) {
    if (statusOf(error) === 404) return null;
    throw error;
  }
}

export const useConsultantName = (guidId: string, enabled: boolean) =>
  useQuery({
    queryKey: ["consultants", "name", guidId],
    queryFn: () => getConsultantName(guidId),
    enabled: enabled && guidId !== "",
  });
