import { z } from "zod";
import { calendarDateSchema, cursorPageSchema, timestampSchema, totalIsEstimateSchema } from "./common";
import { LIST_INPUTS } from "./consultant-field-inputs-constants";
import { PUBLIC_PROFILE_FIELDS, PUBLIC_SUMMARY_FIELDS } from "./consultant-field-maps-constants";
import { consultantFieldRules } from "./consultant-field-rules";
import { CONSULTANT_FIELD_DECLARATIONS, type ConsultantField } from "./consultant-fields-constants";
import { COUNTRY_VALUES, LANGUAGE_VALUES } from "./consultants-constants";
import {
  DIRECTORY_CHOICES_MAX,
  DIRECTORY_CURSOR_MAX,
  DIRECTORY_OFFICES_MAX,
  DIRECTORY_PAGE_MAX,
  DIRECTORY_SORTS,
  type DirectorySort,
} from "./customer-directory-constants";
import { AVAILABILITY_MAX_DAYS, timeZoneInputSchema } from "./scheduling";

export {
  DIRECTORY_CHOICES_MAX,
  DIRECTORY_CURSOR_MAX,
  DIRECTORY_OFFICES_MAX,
  DIRECTORY_PAGE_MAX,
  DIRECTORY_SORTS,
  type DirectorySort,
};

/** The directory's texts (English; Urdu arrives with the customer site). */
export const customerDirectoryMessages = {
  consultantNotFound: "Consultant not found",
  cursorInvalid: "This page link is no longer valid: start from the first page",
  countryInvalid: `Choose one country of: ${COUNTRY_VALUES.join(", ")}`,
  languageInvalid: `Choose one language of: ${LANGUAGE_VALUES.join(", ")}`,
  feeRange: "The lowest fee must not be above the highest",
  fromRequired: "From date is required",
  toRequired: "To date is required",
  dateInvalid: "Use a date written YYYY-MM-DD",
  rangeOrder: "The end date must not be before the start date",
  rangeTooLong: (days: number) => `Ask for at most ${days} days at a time`,
} as const;

/** The longest range of free times one request may ask for. */
export const CUSTOMER_AVAILABILITY_MAX_DAYS = Math.min(31, AVAILABILITY_MAX_DAYS);

/** The length of the longest of the form's values. */
const longestOf = (values: readonly string[]) => Math.max(...values.map((value) => value.length));

const amount = z.coerce.number({ error: "Enter a number" }).min(0, "Enter a number of 0 or more").max(1e9);

export const directoryQuerySchema = z
  .object({
    search: z.string().trim().max(100, "At most 100 characters").optional(),
    /** One country, as the consultant form names them (any case). */
    country: z
      .string()
      .trim()
      .toLowerCase()
      .max(longestOf(COUNTRY_VALUES), customerDirectoryMessages.countryInvalid)
      .refine(
        (value) => value === "" || COUNTRY_VALUES.includes(value),
        customerDirectoryMessages.countryInvalid,
      )
      .optional(),
    /** One language the consultant speaks (any case). */
    language: z
      .string()
      .trim()
      .toLowerCase()
      .max(longestOf(LANGUAGE_VALUES), customerDirectoryMessages.languageInvalid)
      .refine(
        (value) => value === "" || LANGUAGE_VALUES.includes(value),
        customerDirectoryMessages.languageInvalid,
      )
      .optional(),
    /** One visa type, an item of the consultant's services as the filters' choices name it (any case). */
    visaType: z.string().trim().toLowerCase().max(100, "At most 100 characters").optional(),
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

/** A list of the form's values: each at most once, none longer than the longest. */
const listOf = (values: readonly string[]) => z.array(z.string().max(longestOf(values))).max(values.length);
/** A consultant's guidId, as every record's: a UUID. */
const guid = z.string().max(36).meta({ format: "uuid" });
/** A stored picture's path ("/files/<uuid>.webp"), as the files routes take it (at most 255 characters). */
const storedFile = z.string().max(255);
/** The most opening ranges a day's hours (at most 100 characters, "9:00-9:30" the shortest) can hold. */
const RANGES_PER_DAY = 10;
/** The free slots of one day: 25 hours (a daylight-saving change) at the shortest slot, 5 minutes. */
const SLOTS_PER_DAY = (25 * 60) / 5;

type Declarations = typeof CONSULTANT_FIELD_DECLARATIONS;
/** A public field as customers get it: a list input as a list, any other as the back-office answers it. */
type PublicAnswer<F extends ConsultantField> = Declarations[F]["input"] extends "countries" | "languages"
  ? z.ZodArray<z.ZodString>
  : ReturnType<Declarations[F]["answer"]>;
const publicAnswers = <F extends ConsultantField>(fields: readonly F[]) =>
  Object.fromEntries(
    fields.map((field) => {
      const { input, answer } = CONSULTANT_FIELD_DECLARATIONS[field];
      return [
        field,
        LIST_INPUTS.includes(input)
          ? listOf(input === "countries" ? COUNTRY_VALUES : LANGUAGE_VALUES).describe(
              'Lowercase values ("canada", "urdu"); empty when none is recorded',
            )
          : answer(consultantFieldRules),
      ];
    }),
  ) as { [K in F]: PublicAnswer<K> };

/**
 * What a customer sees of a consultant in the directory: the fields the registry marks public "summary"
 * (consultant-fields-constants.ts), nothing of staff's bookkeeping or contacts.
 */
export const publicConsultantSummarySchema = z.object({
  guidId: guid,
  ...publicAnswers(PUBLIC_SUMMARY_FIELDS),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .max(3),
  logoUrl: storedFile.nullable(),
  profilePic: storedFile.nullable(),
});
export type PublicConsultantSummary = z.infer<typeof publicConsultantSummarySchema>;

/**
 * A page of the directory, by cursor. The first page (no cursor) also says about how many match: `total`,
 * exact up to a thousand and an estimate above (`totalIsEstimate`); later pages leave it out.
 */
export const directoryPageSchema = cursorPageSchema(publicConsultantSummarySchema, DIRECTORY_PAGE_MAX).extend(
  {
    total: z
      .number()
      .int()
      .min(0)
      .optional()
      .describe("On the first page only: how many match in all (an estimate when totalIsEstimate is true)"),
    totalIsEstimate: totalIsEstimateSchema,
  },
);

/** The directory's filter choices, from the listed consultants' data, each list sorted. */
export const directoryFiltersSchema = z.object({
  /** Countries served (lowercase values, as `country` takes them). */
  countries: listOf(COUNTRY_VALUES),
  /** Languages spoken (lowercase values, as `language` takes them). */
  languages: listOf(LANGUAGE_VALUES),
  /**
   * Visa types: the items of the consultants' services, lowercased, as `visaType` takes them; the first
   * DIRECTORY_CHOICES_MAX in order.
   */
  visaTypes: z.array(z.string().max(1000)).max(DIRECTORY_CHOICES_MAX),
});
export type DirectoryFilters = z.infer<typeof directoryFiltersSchema>;

const hoursRangeSchema = z.object({ start: z.string().max(5), end: z.string().max(5) });

/** A consultant's public profile: the summary, what they say of themselves, their week and their offices. */
export const publicConsultantSchema = publicConsultantSummarySchema.extend({
  ...publicAnswers(PUBLIC_PROFILE_FIELDS),
  /** The zone their hours are in. */
  timeZone: z.string().max(64),
  /** They recorded no timings: the default hours apply. */
  defaultHours: z.boolean(),
  /** Monday first: each day's opening ranges ("HH:MM", consultant-local), empty when closed. */
  weeklyHours: z
    .array(z.object({ day: z.string().max(9), ranges: z.array(hoursRangeSchema).max(RANGES_PER_DAY) }))
    .max(7),
  /** Their offices (each as long as the address form lets it be written), the first DIRECTORY_OFFICES_MAX. */
  addresses: z
    .array(
      z.object({
        address: z.string().max(500),
        city: z.string().max(100),
        state: z.string().max(100),
        country: z.string().max(100),
        zipCode: z.string().max(20),
      }),
    )
    .max(DIRECTORY_OFFICES_MAX),
});
export type PublicConsultant = z.infer<typeof publicConsultantSchema>;

/** A consultant's guidId; anything else is simply not found (404), as an unlisted consultant is. */
// A path parameter past 100 characters is refused (414) before any rule reads it.
export const directoryParamsSchema = z.object({ id: z.string().max(100) });

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
  timeZone: z.string().max(64),
  consultantTimeZone: z.string().max(64),
  /** How long an appointment lasts (APPOINTMENT_SLOT_MINUTES). */
  slotMinutes: z.number().int(),
  /** The hours before its start from which a booking can no longer be moved or cancelled online. */
  changeLockedHours: z.number().int(),
  defaultHours: z.boolean(),
  days: z
    .array(
      z.object({
        date: z.string().max(10).meta({ format: "date" }),
        slots: z
          .array(z.object({ time: z.string().max(5), startsAt: timestampSchema, changeLocked: z.boolean() }))
          .max(SLOTS_PER_DAY),
      }),
    )
    .max(CUSTOMER_AVAILABILITY_MAX_DAYS),
});
export type CustomerAvailability = z.infer<typeof customerAvailabilitySchema>;
