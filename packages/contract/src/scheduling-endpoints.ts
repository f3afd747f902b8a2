import { apiErrorSchema, messageSchema } from "./common";
import { endpoint } from "./endpoint";
import { BACK_OFFICE_ROLES } from "./roles";
import {
  availabilityQuerySchema,
  availabilitySchema,
  consultantParamsSchema,
  timeOffBodySchema,
  timeOffListSchema,
  timeOffParamsSchema,
  timeOffSchema,
} from "./scheduling";

const tags = ["scheduling"];
const auth = BACK_OFFICE_ROLES;

/** A consultant's time off and free slots. */
export const schedulingEndpoints = {
  timeOff: endpoint({
    method: "GET",
    path: "/api/v2/Consultants/{id}/time-off",
    auth,
    tags,
    summary: "Days the consultant is away, earliest first",
    description:
      "Not paged: `data` holds every time off of the consultant, `total` their number. 404: no such consultant.",
    params: consultantParamsSchema,
    responses: { 200: timeOffListSchema, 404: apiErrorSchema },
  }),
  addTimeOff: endpoint({
    method: "POST",
    path: "/api/v2/Consultants/{id}/time-off",
    auth,
    tags,
    summary: "Record days the consultant is away (from and to inclusive, consultant-local dates)",
    description:
      "No free times are offered on those days. 400: a date missing or not YYYY-MM-DD, `to` before `from`, " +
      "a reason over 200 characters. 404: no such consultant. The record is audited.",
    params: consultantParamsSchema,
    body: timeOffBodySchema,
    responses: { 201: timeOffSchema, 404: apiErrorSchema },
  }),
  removeTimeOff: endpoint({
    method: "DELETE",
    path: "/api/v2/Consultants/{id}/time-off/{timeOffId}",
    auth,
    tags,
    summary: "Remove a time off record (by its id or guidId)",
    description:
      "Its days offer free times again. 404: no such consultant or time off. The removal is audited.",
    params: timeOffParamsSchema,
    responses: { 200: messageSchema, 404: apiErrorSchema },
  }),
  availability: endpoint({
    method: "GET",
    path: "/api/v2/Consultants/{id}/availability",
    auth,
    tags,
    summary: "Free appointment start times per day",
    description:
      "Per consultant-local date from `from` to `to` (inclusive, at most 62 days): the slot starts " +
      "(HH:MM wall-clock in `timeZone`) inside the consultant's hours, not on time off, not overlapping " +
      "an appointment that is not cancelled, and not in the past. `slotMinutes` is APPOINTMENT_SLOT_MINUTES.",
    params: consultantParamsSchema,
    query: availabilityQuerySchema,
    responses: { 200: availabilitySchema, 404: apiErrorSchema },
  }),
};
