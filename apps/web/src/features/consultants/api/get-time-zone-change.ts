import { consultantEndpoints } from "@visadesk/contract/consultants-endpoints";
import { call } from "@/lib/api-client";

/** GET Consultants/{id}/time-zone-change: the upcoming appointments a save in `timeZone` would show elsewhere. */
export const getTimeZoneChange = (guidId: string, timeZone: string) =>
  call(consultantEndpoints.timeZoneChange, { params: { id: guidId }, query: { timeZone } }, { silent: true });
