import { z } from "zod";
import { appointmentStatusSchema, cancellationReasonSchema, descriptionSchema } from "./appointments";
import { CANCELLATION_REASON_MAX_LENGTH, DESCRIPTION_MAX_LENGTH } from "./appointments-constants";
import { pageSchema } from "./common";

/** An ISO 8601 UTC instant as the server writes it (toISOString: 24 characters). */
const instant = z.string().max(30).meta({ format: "date-time" });

/** The customer API's booking texts (English; Urdu arrives with the customer site). */
export const customerBookingMessages = {
  emailNotVerified: "Verify your email before booking: enter the code we sent you.",
  cnicNotVerified: "Your CNIC must be verified before you can book. Upload it under your account.",
  tooManyUpcoming: (max: number) =>
    `You already have ${max} upcoming appointments: cancel one or wait until it has passed to book another.`,
  beyondHorizon: (days: number) => `Appointments can be booked up to ${days} days ahead.`,
  inThePast: "This time has passed: choose a later one.",
  offGrid: "Choose one of the offered times.",
  startsAtInvalid: "startsAt must be an ISO 8601 date-time with its offset, e.g. 2026-12-01T10:00:00Z",
  tooLateToChange: (hours: number) =>
    `Appointments can be cancelled or moved up to ${hours} hours before they start. Please contact the consultant.`,
  alreadyCancelled: "This appointment is already cancelled",
  alreadyStarted: "This appointment has already started",
  cancelled: "Appointment cancelled",
  consultantNotFound: "Consultant not found",
  notFound: "Appointment not found",
  consultantIdInvalid: "consultantId must be a consultant's guidId",
  idempotencyKeyInvalid: "Idempotency-Key must be 1 to 255 visible ASCII characters, e.g. a UUID",
  idempotencyKeyReused:
    "This Idempotency-Key was already used for a different booking: send a new key with a new booking.",
  idempotencyKeyInFlight:
    "The booking sent with this Idempotency-Key is still being made: try again in a moment.",
} as const;

/** How long the answer to a request with an Idempotency-Key is kept for its retries. */
export const IDEMPOTENCY_KEY_HOURS = 24;

/**
 * The optional Idempotency-Key of a create: a retry with the same key and body gets the first answer again
 * (nothing is created twice); the same key with another body is refused.
 */
export const idempotencyHeadersSchema = z.object({
  "idempotency-key": z
    .string()
    .max(255, customerBookingMessages.idempotencyKeyInvalid)
    .regex(/^[\x21-\x7e]{1,255}$/, customerBookingMessages.idempotencyKeyInvalid)
    .optional()
    .describe(
      `Idempotency-Key: any unique value per booking (a UUID): a retry with the same key and body within ` +
        `${IDEMPOTENCY_KEY_HOURS} hours answers the first answer again instead of booking twice; the same ` +
        "key with another body answers 422. Keys are the caller's own: another account's equal key is another key.",
    ),
});

const startsAt = z.iso
  .datetime({ offset: true, error: customerBookingMessages.startsAtInvalid })
  // Longer than any instant with its offset and milliseconds: the same refusal as any other malformed one.
  .max(40, customerBookingMessages.startsAtInvalid);

/** POST appointments: a start offered by the consultant's availability. */
export const customerBookingBodySchema = z.object({
  consultantId: z.uuid({ error: customerBookingMessages.consultantIdInvalid }),
  startsAt,
  description: descriptionSchema,
});
export type CustomerBookingBody = z.infer<typeof customerBookingBodySchema>;

export const customerRescheduleBodySchema = z.object({ startsAt });
export const customerCancelBodySchema = z.object({ reason: cancellationReasonSchema.optional() });

export const customerBookingListQuerySchema = z.object({
  when: z.enum(["upcoming", "past"]).default("upcoming"),
});

export const customerBookingParamsSchema = z.object({
  id: z.uuid({ error: customerBookingMessages.notFound }),
});

/** An appointment as its customer sees it: times in their own zone, nothing of staff's bookkeeping. */
const guid = z.string().max(36).meta({ format: "uuid" });
export const customerBookingSchema = z.object({
  guidId: guid,
  consultant: z.object({
    guidId: guid,
    name: z.string().max(200).nullable(),
    removed: z.boolean(),
    /**
     * The phone of the consultant's office (their office number, else their phone), only while the
     * appointment is locked (upcoming, not cancelled, inside CUSTOMER_CANCEL_HOURS): the way to change it
     * then. Null otherwise.
     */
    officePhone: z.string().max(30).nullable(),
  }),
  /** ISO 8601 UTC instants: it occupies [startsAt, endsAt). */
  startsAt: instant,
  endsAt: instant,
  /** The customer's zone, and the start's date and time in it. */
  timeZone: z.string().max(64),
  date: z.string().max(10).meta({ format: "date" }),
  /** HH:mm, 24-hour. */
  time: z
    .string()
    .max(5)
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/),
  status: appointmentStatusSchema,
  description: z.string().max(DESCRIPTION_MAX_LENGTH),
  cancellationReason: z.string().max(CANCELLATION_REASON_MAX_LENGTH).nullable(),
  /** Until when the customer may still cancel or move it themselves (CUSTOMER_CANCEL_HOURS before it). */
  changeableUntil: z.string().max(30).meta({ format: "date-time" }),
  canChange: z.boolean(),
});
export type CustomerBooking = z.infer<typeof customerBookingSchema>;
/** All of the customer's appointments (not paged), total their number. */
/** The most appointments one list answers (upcoming or past), in `data`; `total` counts them all. */
export const CUSTOMER_BOOKINGS_LISTED = 200;
export const customerBookingListSchema = pageSchema(customerBookingSchema, CUSTOMER_BOOKINGS_LISTED);
