import type { TimeZoneChange } from "@visadesk/contract/consultants";
import { http } from "@/lib/http";

/** GET Consultants/{id}/time-zone-change: the upcoming appointments a save in `timeZone` would show elsewhere. */
export async function getTimeZoneChange(guidId: string, timeZone: string) {
  const response = await http.get<TimeZoneChange>(
    `Consultants/${encodeURIComponent(guidId)}/time-zone-change`,
    { params: { timeZone }, silent: true },
  );
  return response.data;
}
