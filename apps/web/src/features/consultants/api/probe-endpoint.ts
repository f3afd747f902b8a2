import { useEffect } from "react";
import { http, statusOf } from "@/lib/http";
import { notify } from "@/lib/toast";

/**
 * GET Consultants/consultanttimings or consultantaddresses when a manager opens: a 404 or
 * 405 warns that the endpoint is missing or refuses GET; anything else is silent.
 */
export async function probeEndpoint(path: string, warnings: { notFound: string; notAllowed: string }) {
  try {
    await http.get(path, { params: { page: 1, pageSize: 1 }, silent: true });
  } catch (error) {
    if (statusOf(error) === 404) notify.warning(warnings.notFound);
    else if (statusOf(error) === 405) notify.warning(warnings.notAllowed);
  }
}

export function useEndpointProbe(path: string, notFound: string, notAllowed: string) {
  useEffect(() => {
    void probeEndpoint(path, { notFound, notAllowed });
  }, [path, notFound, notAllowed]);
}
