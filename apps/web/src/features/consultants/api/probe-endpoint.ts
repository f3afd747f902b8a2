import type { consultantEndpoints } from "@visadesk/contract/consultants-endpoints";
import { useEffect } from "react";
import { call } from "@/lib/api-client";
import { statusOf } from "@/lib/http";
import { notify } from "@/lib/toast";

/** The list a records manager probes: the timings' or the addresses'. */
export type ProbedList = typeof consultantEndpoints.timings | typeof consultantEndpoints.addresses;

/**
 * GET Consultants/consultanttimings or consultantaddresses when a manager opens: a 404 or
 * 405 warns that the endpoint is missing or refuses GET; anything else is silent.
 */
export async function probeEndpoint(list: ProbedList, warnings: { notFound: string; notAllowed: string }) {
  try {
    await call(list, { query: { page: 1, pageSize: 1 } }, { silent: true });
  } catch (error) {
    if (statusOf(error) === 404) notify.warning(warnings.notFound);
    else if (statusOf(error) === 405) notify.warning(warnings.notAllowed);
  }
}

export function useEndpointProbe(list: ProbedList, notFound: string, notAllowed: string) {
  useEffect(() => {
    void probeEndpoint(list, { notFound, notAllowed });
  }, [list, notFound, notAllowed]);
}
