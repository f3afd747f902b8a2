import { z } from "zod";
import { calendarDateSchema, cursorPageSchema, timestampSchema } from "./common";
import { COUNTRY_VALUES } from "./consultants-constants";
import {
  DIRECTORY_CURSOR_MAX,
  DIRECTORY_PAGE_MAX,
  DIRECTORY_SORTS,
  type DirectorySort,
} from "./customer-directory-constants";
import { AVAILABILITY_MAX_DAYS, timeZoneInputSchema } from "./scheduling";

export { DIRECTORY_CURSOR_MAX, DIRECTORY_PAGE_MAX, DIRECTORY_SORTS, type DirectorySort };

/** The directory's texts (English; Urdu arrives with the customer site). */
export const customerDirectoryMessages = {
  consultantNotFound: "Consultant not found",
  cursorInvalid: "This page link is no longer valid: start from the first page",
  countryInvalid: `Choose one country of: ${COUNTRY_VALUES.join(", ")}`,
  feeRange: "The lowest fee must not be above the highest",
  fromRequired: "From date is required",
  toRequired: "To date is required",
  dateInvalid: "Use a date written YYYY-MM-DD",
  rangeOrder: "The end date must not be before the start date",
  rangeTooLong: (days: number) => `Ask for at most ${days} days at a time`,
} as const;

/** The longest range of free times one request may ask for. */
export const CUSTOMER_AVAILABILITY_MAX_DAYS = Math.min(31, AVAILABILITY_MAX_DAYS);

const amount = z.coerce.number({ error: "Enter a number" }).min(0, "Enter a number of 0 or more").max(1e9);

export const directoryQuerySchema = z
  .object({
    search: z.string().trim().max(100, "At most 100 characters").optional(),
    /** One country, as the consultant form names them (any case). */
    country: z
      .string()
      .trim()
      .toLowerCase()
      .refine(
        (value) => value === "" || COUNTRY_VALUES.includes(value),
        customerDirectoryMessages.countryInvalid,
      )
      .optional(),
    service: z.string().trim().max(100, "At most 100 characters").optional(),
    minFee: amount.optional(),
    maxFee: amount.optional(),
    minRating: z.coerce.number({ error: "Enter a number" }).min(0).max(5, "Ratings go up to 5").optional(),
    sort: z
      .enum(DIRECTORY_SORTS, { error: `Sort by one of ${DIRECTORY_SORTS.join(", ")}` })
      .default("recommended"),
    limit: z.coerce.number().int().min(1).max(DIRECTORY_PAGE_MAX).default(20),
    /** The page after the one that answered it (its nextCursor). */
    cursor: z.string().max(DIRECTORY_CURSOR_MAX, customerDirectoryMessages.cursorInvalid).optional(),
  })
  .refine(
    (query) => query.minFee === undefined || query.maxFee === undefined || query.minFee <= query.maxFee,
    {
      message: customerDirectoryMessages.feeRange,
      path: ["maxFee"],
    },
  );
export type DirectoryQuery = z.infer<typeof directoryQuerySchema>;

/** What a customer sees of a consultant in the directory: nothing of staff's bookkeeping or contacts. */
export const publicConsultantSummarySchema = z.object({
  guidId: z.string(),
  name: z.string(),
  businessName: z.string(),
  /** The countries the consultant serves, lowercase ("canada", "uk"); empty when none is recorded. */
  country: z.array(z.string()),
  visaOffer: z.string().nullable(),
  services: z.string().nullable(),
  fee: z.number().nullable(),
  currency: z.string(),
  rating: z.number().nullable(),
  experience: z.number().nullable(),
  isPremium: z.boolean(),
  logoUrl: z.string().nullable(),
  profilePic: z.string().nullable(),
});
export type PublicConsultantSummary = z.infer<typeof publicConsultantSummarySchema>;

/** A page of the directory, by cursor; its matches are not counted (see cursorPageSchema). */
export const directoryPageSchema = cursorPageSchema(publicConsultantSummarySchema);

const hoursRangeSchema = z.object({ start: z.string(), end: z.string() });

/** A consultant's public profile: the summary, what they say of themselves, their week and their offices. */
export const publicConsultantSchema = publicConsultantSummarySchema.extend({
  aboutInfo: z.string().nullable(),
  website: z.string().nullable(),
  satisfiedClients: z.number().nullable(),
  /** The zone their hours are in. */
  timeZone: z.string(),
  /** They recorded no timings: the default hours apply. */
  defaultHours: z.boolean(),
  /** Monday first: each day's opening ranges ("HH:MM", consultant-local), empty when closed. */
  weeklyHours: z.array(z.object({ day: z.string(), ranges: z.array(hoursRangeSchema) })),
  addresses: z.array(
    z.object({
      address: z.string(),
      city: z.string(),
      state: z.string(),
      country: z.string(),
      zipCode: z.string(),
    }),
  ),
});
export type PublicConsultant = z.infer<typeof publicConsultantSchema>;

/** A consultant's guidId; anything else is simply not found (404), as an unlisted consultant is. */
export const directoryParamsSchema = z.object({ id: z.string() });

const date = (required: string) => calendarDateSchema(required, customerDirectoryMessages.dateInvalid);

/** Dates in the customer's own zone, inclusive. */
export const customerAvailabilityQuerySchema = z
  .object({
    from: date(customerDirectoryMessages.fromRequired),
    to: date(customerDirectoryMessages.toRequired),
    /**
     * The zone to show the times in (IANA); without it, the signed-in customer's own zone, else the
     * business's zone.
     */
    timeZone: timeZoneInputSchema,
  })
  .refine((query) => query.to >= query.from, { message: customerDirectoryMessages.rangeOrder, path: ["to"] });

/**
 * Free times in the zone asked for; each slot carries its instant, to book it by, and whether it starts
 * within the no-change window (CUSTOMER_CANCEL_HOURS): booked, it could not be moved or cancelled online.
 */
export const customerAvailabilitySchema = z.object({
  timeZone: z.string(),
  consultantTimeZone: z.string(),
  /** How long an appointment lasts (APPOINTMENT_SLOT_MINUTES). */
  slotMinutes: z.number().int(),
  /** The hours before its start from which a booking can no longer be moved or cancelled online. */
  changeLockedHours: z.number().int(),
  defaultHours: z.boolean(),
  days: z.array(
    z.object({
      date: z.string(),
      slots: z.array(z.object({ time: z.string(), startsAt: timestampSchema, changeLocked: z.boolean() })),
    }),
  ),
});
export type CustomerAvailability = z.infer<typeof customerAvailabilitySchema>;
