import { z } from "zod";
import {
  formBoolean,
  pageQuerySchema,
  recordVersionSchema,
  totalIsEstimateSchema,
  versionInputSchema,
} from "./common";
import { MAX_DB_INTEGER } from "./common-constants";
import {
  addressMessages,
  COUNTRY_VALUES,
  consultantMessages,
  timingMessages,
  WEEKDAYS,
  type Weekday,
} from "./consultants-constants";
import { deletedWithAppointmentsSchema, deletionChoiceSchema } from "./deletion";
import { exactTotalParamSchema, manyParamSchema, sortParamSchema, yesNoParamSchema } from "./lists";
import { CONSULTANT_SORTS } from "./lists-constants";
import { isBlankOrPhoneNumber, isPhoneNumber, phoneNumberMessages } from "./phone-number";
import { isTimeZone, parseDayHours, schedulingMessages, timeZoneInputSchema } from "./scheduling";

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters`)
    .optional()
    .transform((value) => value || null);
const required = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, `At most ${max} characters`);

/** A number typed in a form or sent as multipart text; blank means "not given". */
const optionalNumber = <T extends z.ZodType<number>>(check: T) =>
  z.preprocess(
    (value) => (value === undefined || value === null || value === "" ? undefined : Number(value)),
    check.optional(),
  );

const hasAtMostDecimals = (places: number) => (value: number) =>
  Math.abs(value * 10 ** places - Math.round(value * 10 ** places)) < 1e-6;
const hasAtMostTwoDecimals = hasAtMostDecimals(2);
const webUrl = /^https?:\/\/[^\s/?#.]+(\.[^\s/?#.]+)+([/?#]\S*)?$/i;

/** Countries come comma-joined from multipart and as a list from the form; both end comma-joined. */
const countries = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((value) =>
    (Array.isArray(value) ? value : (value ?? "").split(","))
      .map((country) => country.trim().toLowerCase())
      .filter(Boolean),
  )
  .refine(
    (list) => list.every((country) => COUNTRY_VALUES.includes(country)),
    consultantMessages.countryInvalid,
  )
  .transform((list) => (list.length ? [...new Set(list)].join(",") : null));

/** A consultant's fields by their entity names; the form and the API use this one schema. */
export const consultantFieldsSchema = z.object({
  name: required(consultantMessages.nameRequired, 200),
  businessName: required(consultantMessages.businessNameRequired, 200),
  aboutInfo: text(5000),
  website: text(500).refine(
    (value) => value === null || webUrl.test(value),
    consultantMessages.websiteInvalid,
  ),
  address: text(500),
  country: countries,
  visaOffer: text(500),
  services: text(1000),
  fee: optionalNumber(
    z
      .number({ error: consultantMessages.feeInvalid })
      .min(0, consultantMessages.feeInvalid)
      .refine(hasAtMostTwoDecimals, consultantMessages.feeDecimals),
  ),
  tags: text(500),
  contactEmail: required(consultantMessages.contactEmailRequired, 200).pipe(
    z.email(consultantMessages.emailInvalid),
  ),
  // A blank one has the required message alone.
  phoneNumber: required(consultantMessages.phoneNumberRequired, 30).refine(
    isBlankOrPhoneNumber,
    phoneNumberMessages.phoneNumberInvalid,
  ),
  officeNumber: text(30).refine(
    (value) => value === null || isPhoneNumber(value),
    phoneNumberMessages.officeNumberInvalid,
  ),
  timing: text(50),
  experience: optionalNumber(
    z
      .number({ error: consultantMessages.experienceInvalid })
      .int(consultantMessages.experienceInvalid)
      .min(0, consultantMessages.experienceInvalid)
      .max(MAX_DB_INTEGER, consultantMessages.experienceTooLarge),
  ),
  rating: optionalNumber(
    z
      .number({ error: consultantMessages.ratingRange })
      .min(0, consultantMessages.ratingRange)
      .max(5, consultantMessages.ratingRange)
      // Rating step 0.1.
      .refine(hasAtMostDecimals(1), consultantMessages.ratingStep),
  ),
  satisfiedClients: optionalNumber(
    z
      .number({ error: consultantMessages.satisfiedClientsInvalid })
      .int(consultantMessages.satisfiedClientsInvalid)
      .min(0, consultantMessages.satisfiedClientsInvalid)
      .max(MAX_DB_INTEGER, consultantMessages.satisfiedClientsTooLarge),
  ),
  /** The blank "Select Status" option means not approved / standard. */
  isApproved: formBoolean.optional().transform((value) => value ?? false),
  isPremium: formBoolean.optional().transform((value) => value ?? false),
  /** IANA zone of the hours and appointments; blank = keep (new consultants: BUSINESS_TIMEZONE). */
  timeZone: timeZoneInputSchema,
});
export type ConsultantFieldsInput = z.input<typeof consultantFieldsSchema>;
export type ConsultantFields = z.output<typeof consultantFieldsSchema>;

export const guidIdSchema = z.uuid(consultantMessages.guidInvalid);

/** One consultant as the API answers it; image paths are relative. */
export const consultantSchema = z.object({
  guidId: z.string(),
  id: z.number().int(),
  name: z.string(),
  businessName: z.string(),
  aboutInfo: z.string().nullable(),
  website: z.string().nullable(),
  address: z.string().nullable(),
  country: z.string().nullable(),
  visaOffer: z.string().nullable(),
  services: z.string().nullable(),
  fee: z.number().nullable(),
  tags: z.string().nullable(),
  contactEmail: z.string(),
  phoneNumber: z.string(),
  officeNumber: z.string().nullable(),
  timing: z.string().nullable(),
  experience: z.number().nullable(),
  rating: z.number().nullable(),
  satisfiedClients: z.number().nullable(),
  isApproved: z.boolean(),
  isPremium: z.boolean(),
  /** The IANA time zone its hours and its appointments' dates and times are read in. */
  timeZone: z.string(),
  logoURL: z.string().nullable(),
  profilePic: z.string().nullable(),
  profilePicThumbnail: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  createdBy: z.string().nullable(),
  updatedBy: z.string().nullable(),
  version: recordVersionSchema,
  /** Only in the deleted list (deleted=true): when it was deleted (updatedBy then names who). */
  deletedAt: z.string().optional(),
});
export type Consultant = z.infer<typeof consultantSchema>;

/** GET Consultants/consultants: { data } for the whole list; the paged form adds total. */
/** deleted=true (Admin only): the deleted consultants instead, most recently deleted first, always paged. */
/**
 * sort: one of CONSULTANT_SORTS ("-" first for descending); approved, premium: true or false; country: one
 * or several (repeated or comma list), a consultant matching any of them.
 */
export const consultantListQuerySchema = pageQuerySchema.extend({
  deleted: formBoolean.optional(),
  sort: sortParamSchema(CONSULTANT_SORTS),
  approved: yesNoParamSchema("approved"),
  premium: yesNoParamSchema("premium"),
  country: manyParamSchema(
    z
      .string()
      .transform((value) => value.toLowerCase())
      .refine((value) => COUNTRY_VALUES.includes(value), consultantMessages.countryInvalid),
  ),
  exactTotal: exactTotalParamSchema,
});
export type ConsultantListQuery = z.infer<typeof consultantListQuerySchema>;
export const consultantListSchema = z.object({
  data: z.array(consultantSchema),
  total: z.number().int().optional(),
  totalIsEstimate: totalIsEstimateSchema,
});
export type ConsultantList = z.infer<typeof consultantListSchema>;

const audited = {
  id: z.number().int(),
  guidId: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  createdBy: z.string().nullable(),
  updatedBy: z.string().nullable(),
  isActive: z.boolean(),
  isDeleted: z.boolean(),
  /** The consultant's guidId (the database keeps the numeric key). */
  consultantId: z.string(),
  version: recordVersionSchema,
};

export const consultantTimingSchema = z.object({
  ...audited,
  ...(Object.fromEntries(WEEKDAYS.map((day) => [day, z.string().nullable()])) as Record<
    Weekday,
    z.ZodNullable<z.ZodString>
  >),
});
export type ConsultantTiming = z.infer<typeof consultantTimingSchema>;

export const consultantAddressSchema = z.object({
  ...audited,
  address: z.string(),
  city: z.string(),
  state: z.string(),
  country: z.string(),
  zipCode: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});
export type ConsultantAddress = z.infer<typeof consultantAddressSchema>;

/** GET Consultants/{id}: the consultant with its timings and addresses that are not deleted. */
export const consultantDetailSchema = consultantSchema.extend({
  timings: z.array(consultantTimingSchema),
  addresses: z.array(consultantAddressSchema),
  /** How many of the consultant's appointments were marked a no-show. */
  noShowCount: z.number().int(),
});
export type ConsultantDetail = z.infer<typeof consultantDetailSchema>;

export { type DeletionImpact, deletionImpactSchema } from "./deletion";
/**
 * DELETE Consultants/{id}: with upcoming appointments, `appointments` decides their fate: cancel (with a
 * reason, mailed to each customer) or keep (flagged: answers carry consultantDeleted). confirmUpcoming=true,
 * the older form, means keep.
 */
export const deleteConsultantQuerySchema = deletionChoiceSchema.extend({
  confirmUpcoming: formBoolean.optional().transform((value) => value ?? false),
});
export type DeleteConsultantQuery = z.input<typeof deleteConsultantQuerySchema>;

/** What a delete did to the consultant's upcoming appointments. */
export const consultantDeletedSchema = deletedWithAppointmentsSchema;
export type ConsultantDeleted = z.infer<typeof consultantDeletedSchema>;

/** GET Consultants/{id}/time-zone-change: the zone the consultant would be saved in. */
export const timeZoneChangeQuerySchema = z.object({
  timeZone: z.string().trim().refine(isTimeZone, schedulingMessages.timeZoneInvalid),
});

const wallClockSchema = z.object({ appointmentDate: z.string(), appointmentTime: z.string() });
/**
 * What saving the consultant in another time zone does: each upcoming appointment keeps its instant
 * (startsAt, and so its reminders) and shows at another local date and time.
 */
export const timeZoneChangeSchema = z.object({
  from: z.string(),
  to: z.string(),
  appointments: z.array(
    z.object({
      guidId: z.string(),
      userEmail: z.string().nullable(),
      startsAt: z.string(),
      from: wallClockSchema,
      to: wallClockSchema,
    }),
  ),
});
export type TimeZoneChange = z.infer<typeof timeZoneChangeSchema>;

/** POST Consultants/{id}/restore: the consultant back, and what the restore could not bring back. */
export const consultantRestoredSchema = z.object({
  message: z.string(),
  consultant: consultantSchema,
  notRestored: z.array(z.string()),
});
export type ConsultantRestored = z.infer<typeof consultantRestoredSchema>;

/** What a timing or address body carries besides its own fields; audit fields are the server's. */
const upsertBase = {
  // A number, or its digits as text (some clients send form values); true, false or "" are not ids.
  id: z
    .union([z.number(), z.string().regex(/^\s*\d+\s*$/)])
    .transform(Number)
    .pipe(z.number().int().min(0).max(MAX_DB_INTEGER))
    .optional()
    .transform((value) => value ?? 0),
  /** New records may bring the guidId the client generated; the server makes one otherwise. */
  guidId: z.union([guidIdSchema, z.literal(""), z.null()]).optional(),
  consultantId: z
    .union([z.string(), z.number()], { error: timingMessages.consultantIdRequired })
    .transform((value) => String(value).trim())
    .refine((value) => value.length > 0, timingMessages.consultantIdRequired),
  isActive: z
    .boolean()
    .optional()
    .transform((value) => value ?? true),
  isDeleted: z
    .boolean()
    .optional()
    .transform((value) => value ?? false),
  /** An edit or soft delete (id not 0): the version it was based on; absent = no check. Ignored on add. */
  version: versionInputSchema,
};

const dayText = z
  .string()
  .trim()
  .max(100, "At most 100 characters")
  .nullable()
  .optional()
  .transform((value) => value || null);

/** POST Consultants/consultanttimings: one timing, for add (id 0), edit and soft delete (isDeleted). */
export const timingBodySchema = z
  .object({
    ...upsertBase,
    ...(Object.fromEntries(WEEKDAYS.map((day) => [day, dayText])) as Record<Weekday, typeof dayText>),
  })
  .refine((timing) => WEEKDAYS.some((day) => timing[day]), {
    message: timingMessages.oneDayRequired,
    path: ["monday"],
  })
  .superRefine((timing, ctx) => {
    // A soft delete resends the record as it is: an old free-text value must not stop it.
    if (timing.isDeleted) return;
    for (const day of WEEKDAYS) {
      if (parseDayHours(timing[day]) === null) {
        ctx.addIssue({ code: "custom", message: schedulingMessages.hoursInvalid, path: [day] });
      }
    }
  });
export type TimingBodyInput = z.input<typeof timingBodySchema>;
export type TimingBody = z.output<typeof timingBodySchema>;

const requiredAddressText = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, `At most ${max} characters`);
const coordinate = (limit: number, message: string) =>
  z.preprocess(
    (value) => (value === undefined || value === null || value === "" ? null : Number(value)),
    z.number({ error: message }).min(-limit, message).max(limit, message).nullable(),
  );

/** One address: five required fields, optional latitude and longitude. */
export const addressBodySchema = z.object({
  ...upsertBase,
  address: requiredAddressText(addressMessages.addressRequired, 500),
  city: requiredAddressText(addressMessages.cityRequired, 100),
  state: requiredAddressText(addressMessages.stateRequired, 100),
  country: requiredAddressText(addressMessages.countryRequired, 100),
  zipCode: requiredAddressText(addressMessages.zipCodeRequired, 20),
  latitude: coordinate(90, addressMessages.latitudeRange),
  longitude: coordinate(180, addressMessages.longitudeRange),
});
export type AddressBodyInput = z.input<typeof addressBodySchema>;
export type AddressBody = z.output<typeof addressBodySchema>;
/** POST Consultants/consultantaddresses: an array holding one address (more are saved together). */
export const addressListBodySchema = z.array(addressBodySchema).min(1, "Send at least one address").max(50);

/** GET consultanttimings / consultantaddresses (the screens' probe): optionally one consultant's records. */
export const recordListQuerySchema = pageQuerySchema.pick({ page: true, pageSize: true }).extend({
  consultantId: z.string().trim().optional(),
});
export const timingListSchema = z.object({
  data: z.array(consultantTimingSchema),
  total: z.number().int().optional(),
});
export const addressListSchema = z.object({
  data: z.array(consultantAddressSchema),
  total: z.number().int().optional(),
});
