import { appointmentMessages } from "./appointments-constants";
import { apiErrorSchema } from "./common";
import { CUSTOMER_API } from "./customer-auth-endpoints";
import {
  customerBookingBodySchema,
  customerBookingListQuerySchema,
  customerBookingListSchema,
  customerBookingMessages,
  customerBookingParamsSchema,
  customerBookingSchema,
  customerCancelBodySchema,
  customerRescheduleBodySchema,
  IDEMPOTENCY_KEY_HOURS,
  idempotencyHeadersSchema,
} from "./customer-bookings";
import { endpoint } from "./endpoint";
import { schedulingMessages } from "./scheduling-constants";

/** The refusals of a time that cannot be had, with the default limits (3 upcoming, 24 hours' cut-off). */
const timeTaken = appointmentMessages.slotTaken;
const tooLate = customerBookingMessages.tooLateToChange(24);
const changeRefusals = [
  customerBookingMessages.alreadyCancelled,
  customerBookingMessages.alreadyStarted,
  tooLate,
] as const;

/** The group these operations are listed under in the API document. */
export const customerAppointmentsTag = {
  name: "customer appointments",
  description: "Booking a consultant's free time, and seeing, cancelling or moving my appointments",
} as const;
const tags = [customerAppointmentsTag.name];
/** What each booking write says of the budget it shares with the others. */
const writesBudget =
  " Booking, moving and cancelling share one budget per account: CUSTOMER_BOOKING_WRITES_PER_HOUR (20 by " +
  "default) an hour, then 429 (code rate_limited) until the hour's window ends; X-RateLimit-* say how many are left.";
const auth = "customer";

/** A customer's own appointments: booking one, seeing them, cancelling or moving one. */
export const customerBookingEndpoints = {
  book: endpoint({
    method: "POST",
    path: `${CUSTOMER_API}/appointments`,
    auth,
    tags,
    summary: "Book a free time of a consultant (the appointment waits for staff's confirmation)",
    description:
      "Needs a verified email (and a verified CNIC when the marketplace asks for one). 409 when the time " +
      "was taken meanwhile or the customer has the most upcoming appointments allowed; 422 outside the " +
      "consultant's hours or on their time off. An optional Idempotency-Key makes a retry safe: the same " +
      `key and body within ${IDEMPOTENCY_KEY_HOURS} hours answer the first answer again (its status and body, ` +
      "with Idempotent-Replayed: true) and book nothing more; the same key with another body answers 422, " +
      "and 409 while the first request with it is still running." +
      writesBudget,
    headers: idempotencyHeadersSchema,
    body: customerBookingBodySchema,
    answerHeaders: {
      "Idempotent-Replayed":
        "true when this is the stored answer to an earlier request with the same Idempotency-Key",
    },
    responses: {
      201: customerBookingSchema,
      400: apiErrorSchema,
      403: apiErrorSchema,
      404: apiErrorSchema,
      409: apiErrorSchema,
      422: apiErrorSchema,
    },
    refusals: {
      403: [customerBookingMessages.emailNotVerified, customerBookingMessages.cnicNotVerified],
      404: [customerBookingMessages.consultantNotFound],
      409: [
        timeTaken,
        customerBookingMessages.tooManyUpcoming(3),
        customerBookingMessages.idempotencyKeyInFlight,
      ],
      422: [schedulingMessages.unavailable, customerBookingMessages.idempotencyKeyReused],
    },
  }),
  list: endpoint({
    method: "GET",
    path: `${CUSTOMER_API}/appointments`,
    auth,
    tags,
    summary: "My appointments: upcoming ones soonest first, or past ones latest first (at most 200)",
    description:
      "Times are in my own time zone; `canChange` and `changeableUntil` say until when I may cancel or move each. " +
      "`data` holds the first 200; `total` counts them all (upcoming or past, as asked).",
    query: customerBookingListQuerySchema,
    responses: { 200: customerBookingListSchema },
  }),
  get: endpoint({
    method: "GET",
    path: `${CUSTOMER_API}/appointments/{id}`,
    auth,
    tags,
    summary: "One of my appointments",
    description: "404 for an appointment that is not mine, as for one that does not exist.",
    params: customerBookingParamsSchema,
    responses: { 200: customerBookingSchema, 404: apiErrorSchema },
  }),
  cancel: endpoint({
    method: "POST",
    path: `${CUSTOMER_API}/appointments/{id}/cancel`,
    auth,
    tags,
    summary: "Cancel one of my appointments (up to CUSTOMER_CANCEL_HOURS before it starts)",
    description:
      "The optional reason goes to the consultant in the cancellation mail. 409 when it is already cancelled, " +
      "has started, or is inside the cut-off." +
      writesBudget,
    params: customerBookingParamsSchema,
    body: customerCancelBodySchema,
    responses: { 200: customerBookingSchema, 404: apiErrorSchema, 409: apiErrorSchema },
    refusals: { 404: [customerBookingMessages.notFound], 409: changeRefusals },
  }),
  reschedule: endpoint({
    method: "POST",
    path: `${CUSTOMER_API}/appointments/{id}/reschedule`,
    auth,
    tags,
    summary: "Move one of my appointments to another free time (the same checks as booking)",
    description:
      "One step: the new time is checked as a booking is (400 off the offered times, past or beyond the " +
      "horizon, 409 taken or inside the cut-off, 422 outside the consultant's hours); a refused move leaves " +
      "the appointment as it was." +
      writesBudget,
    params: customerBookingParamsSchema,
    body: customerRescheduleBodySchema,
    responses: {
      200: customerBookingSchema,
      400: apiErrorSchema,
      404: apiErrorSchema,
      409: apiErrorSchema,
      422: apiErrorSchema,
    },
    refusals: {
      404: [customerBookingMessages.notFound],
      409: [timeTaken, ...changeRefusals],
      422: [schedulingMessages.unavailable],
    },
  }),
};
