import { z } from "zod";
import { formBoolean, recordVersionSchema } from "./common";
import { MAX_DB_INTEGER } from "./common-constants";
import {
  CONSULTANT_FILE_FIELDS,
  CONSULTANT_MULTIPART_FIELDS,
  COUNTRY_VALUES,
  consultantMessages,
  WEEKDAYS,
  type Weekday,
} from "./consultants-constants";
import { deletedWithAppointmentsSchema, deletionChoiceSchema } from "./deletion";
import { isBlankOrPhoneNumber, isPhoneNumber, phoneNumberMessages } from "./phone-number";
import { isTimeZone, schedulingMessages, timeZoneInputSchema } from "./scheduling";

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

type MultipartNames = typeof CONSULTANT_MULTIPART_FIELDS;
type FieldShape = typeof consultantFieldsSchema.shape;
type FileNames = typeof CONSULTANT_FILE_FIELDS;
const image = z.file().optional();

/**
 * The multipart form of Consultants/register and Consultants/update: the fields under their multipart
 * names (CONSULTANT_MULTIPART_FIELDS, each checked by the field's own schema), GuidId, the version an
 * update was based on, and the optional images.
 */
export const consultantFormSchema = z.object({
  ...(Object.fromEntries(
    Object.entries(CONSULTANT_MULTIPART_FIELDS).map(([field, name]) => [
      name,
      consultantFieldsSchema.shape[field as keyof FieldShape],
    ]),
  ) as { [F in keyof MultipartNames as MultipartNames[F]]: FieldShape[F] }),
  /** Blank means none: the server makes one on register, and update needs one. */
  GuidId: z
    .string()
    .trim()
    .optional()
    .transform((value) => value || undefined)
    .pipe(guidIdSchema.optional()),
  version: z.string().optional().describe("The version the update was based on (or an If-Match header)"),
  Version: z.string().optional().describe("The same as version"),
  ...(Object.fromEntries(Object.values(CONSULTANT_FILE_FIELDS).map((name) => [name, image])) as {
    [F in keyof FileNames as FileNames[F]]: typeof image;
  }),
});
export type ConsultantFormInput = z.input<typeof consultantFormSchema>;

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
