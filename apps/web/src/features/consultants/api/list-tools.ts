import { MAX_PAGE_SIZE } from "@visadesk/contract/common-constants";
import { consultantEndpoints } from "@visadesk/contract/consultants-endpoints";
import type { Endpoint } from "@visadesk/contract/endpoint";
import { call } from "@/lib/api-client";
import { http } from "@/lib/http";
import type { ConsultantListQuery } from "./get-consultants";

/**
 * The shared export button and bulk bar take a path under the HTTP client's base: the declaration's own,
 * less that base.
 */
function underClientBase(declaration: Endpoint): string {
  const base = new URL(http.defaults.baseURL, window.location.origin).pathname;
  return declaration.path.startsWith(base) ? declaration.path.slice(base.length) : declaration.path;
}
export const consultantExportPath = () => underClientBase(consultantEndpoints.export);
export const consultantBulkPath = () => underClientBase(consultantEndpoints.bulk);

/** The list's query as the export's address writes it: the countries as a comma list. */
export const exportQuery = ({ country, ...query }: ConsultantListQuery) => ({
  ...query,
  ...(country ? { country: country.join(",") } : {}),
});

/**
 * The exact number of consultants matching the list's query (exactTotal=true), asked when the list's total
 * is an estimate; past the server's cap this fails with its message (narrow the list).
 */
export async function countMatchingConsultants(query: ConsultantListQuery): Promise<number> {
  const answer = await call(
    consultantEndpoints.list,
    { query: { ...query, page: 1, pageSize: 1, exactTotal: "true" } },
    { silent: true },
  );
  return answer.total ?? answer.data.length;
}

/** Every guidId matching the list's query, read page by page from the list itself (its largest page). */
export async function matchingConsultantIds(query: ConsultantListQuery): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 1; ; page++) {
    const { data } = await call(
      consultantEndpoints.list,
      { query: { ...query, page, pageSize: MAX_PAGE_SIZE } },
      { silent: true },
    );
    ids.push(...data.map((consultant) => consultant.guidId));
    if (data.length < MAX_PAGE_SIZE) return ids;
  }
}
