import { z } from "zod";
import { apiErrorSchema } from "./common";
import { CUSTOMER_API } from "./customer-auth-endpoints";
import { endpoint } from "./endpoint";
import { LIVE_CHANGE_EVENT, LIVE_END_EVENT, liveMessages } from "./live-endpoints";

/** The customer API's refusals of a live stream (the catalogues hold them in both languages). */
export const customerLiveMessages = {
  notAcceptable: liveMessages.notAcceptable,
  tooManyForSession: (max: number) =>
    `This device already has ${max} live updates open: close another page or tab first`,
  tooManyForAccount: (max: number) =>
    `This account already has ${max} live updates open: close another page or tab first`,
} as const;

/** What happened to one of the customer's appointments, as a `changed` event names it. */
export const CUSTOMER_APPOINTMENT_CHANGES = [
  "booked",
  "confirmed",
  "moved",
  "cancelled",
  "attendance",
  "edited",
  "deleted",
] as const;
export type CustomerAppointmentChange = (typeof CUSTOMER_APPOINTMENT_CHANGES)[number];

/** What one `changed` event of the customer's live stream carries (its data line, as JSON). */
export const customerLiveChangeSchema = z.object({
  /** The customer's own appointments that changed: which one (its guidId) and what happened to it. */
  appointments: z.array(z.object({ guidId: z.string(), change: z.enum(CUSTOMER_APPOINTMENT_CHANGES) })),
  /** The CNIC check's new state, as the account (GET me) shows it; null when it did not change. */
  cnic: z.enum(["pending", "verified", "rejected"]).nullable(),
});
export type CustomerLiveChange = z.infer<typeof customerLiveChangeSchema>;

export { LIVE_CHANGE_EVENT, LIVE_END_EVENT };

/** The group this operation is listed under in the API document. */
export const customerLiveTag = {
  name: "customer live",
  description: "Seconds after staff change one of my appointments or decide my CNIC, my open pages are told",
} as const;

/** The customer's live stream: their own records only, as they change. */
export const customerLiveEndpoints = {
  stream: endpoint({
    method: "GET",
    path: `${CUSTOMER_API}/live`,
    auth: "customer",
    tags: [customerLiveTag.name],
    summary: "Server-sent events: which of my appointments changed, and my CNIC check, as they change",
    description:
      "A `text/event-stream` (ask for it in Accept; the access token goes in the Authorization header, so " +
      "read it with a streaming fetch, not EventSource). Each `changed` event's data is JSON " +
      "`{ appointments: { guidId, change }[], cnic: string | null }`, about the signed-in customer's own " +
      "records only: an appointment booked, confirmed, moved, cancelled, its attendance marked, otherwise " +
      "edited or deleted, or the CNIC check verified, rejected or back to pending. The page that shows them " +
      "asks again. A comment line every 15 seconds keeps the connection open. The stream ends when the " +
      "device signs out or is signed out (within seconds), and after five minutes (announced by a " +
      "`closing` event): connect again with the current token.",
    produces: ["text/event-stream"],
    responses: {
      200: z.string().describe("The event stream"),
      406: apiErrorSchema.describe(customerLiveMessages.notAcceptable),
      429: apiErrorSchema.describe(
        "Too many live streams open: at most LIVE_STREAMS_PER_SESSION per device (5 by default) and " +
          "LIVE_STREAMS_PER_ACCOUNT per account (10 by default); Retry-After says when to try again",
      ),
    },
    refusals: {
      406: [customerLiveMessages.notAcceptable],
      429: [customerLiveMessages.tooManyForSession(5), customerLiveMessages.tooManyForAccount(10)],
    },
  }),
};
