import { z } from "zod";
import { formBoolean, recordVersionSchema, timestampSchema } from "./common";
import { LIST_INPUTS } from "./consultant-field-inputs-constants";
import { CONSULTANT_FILE_FIELDS, CONSULTANT_MULTIPART_FIELDS } from "./consultant-field-maps-constants";
import { consultantFieldRules } from "./consultant-field-rules";
import {
  CONSULTANT_FIELD_DECLARATIONS,
  CONSULTANT_FIELD_NAMES,
  type ConsultantField,
} from "./consultant-fields-constants";
import { consultantMessages, WEEKDAYS, type Weekday } from "./consultants-constants";
import { deletedWithAppointmentsSchema, deletionChoiceSchema } from "./deletion";
import { isTimeZone, schedulingMessages } from "./scheduling";

type Declarations = typeof CONSULTANT_FIELD_DECLARATIONS;
const fieldsBy = <K extends "rule" | "answer">(kind: K) =>
  Object.fromEntries(
    CONSULTANT_FIELD_NAMES.map((field) => [
      field,
      CONSULTANT_FIELD_DECLARATIONS[field][kind](consultantFieldRules),
    ]),
  ) as { [F in ConsultantField]: ReturnType<Declarations[F][K]> };

/** A consultant's fields by their entity names; the form and the API use this one schema. */
export const consultantFieldsSchema = z.object(fieldsBy("rule"));
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
    Object.entries(CONSULTANT_MULTIPART_FIELDS).map(([field, name]) => {
      const rule = consultantFieldsSchema.shape[field as keyof FieldShape];
      // A list field is its part repeated, one per item (documented so; one comma-joined part still reads).
      const listed = LIST_INPUTS.includes(CONSULTANT_FIELD_DECLARATIONS[field as ConsultantField].input);
      return [
        name,
        listed
          ? z
              .array(z.string())
              .optional()
              .pipe(rule as z.ZodType<unknown, string[] | undefined>)
          : rule,
      ];
    }),
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
  ...fieldsBy("answer"),
  logoURL: z.string().nullable(),
  profilePic: z.string().nullable(),
  profilePicThumbnail: z.string().nullable(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
  createdBy: z.string().nullable(),
  updatedBy: z.string().nullable(),
  version: recordVersionSchema,
  /** Only in the deleted list (deleted=true): when it was deleted (updatedBy then names who). */
  deletedAt: timestampSchema.optional(),
});
export type Consultant = z.infer<typeof consultantSchema>;

const audited = {
  id: z.number().int(),
  guidId: z.string().max(36),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
  /** The userName of who wrote it (at most 50 characters, as the accounts' rules have it). */
  createdBy: z.string().max(50).nullable(),
  updatedBy: z.string().max(50).nullable(),
  isActive: z.boolean(),
  isDeleted: z.boolean(),
  /** The consultant's guidId (the database keeps the numeric key). */
  consultantId: z.string().max(36),
  version: recordVersionSchema,
};

export const consultantTimingSchema = z.object({
  ...audited,
  // Each day's hours as written (at most 100 characters, timingBodySchema).
  ...(Object.fromEntries(WEEKDAYS.map((day) => [day, z.string().max(100).nullable()])) as Record<
    Weekday,
    z.ZodNullable<z.ZodString>
  >),
});
export type ConsultantTiming = z.infer<typeof consultantTimingSchema>;

export const consultantAddressSchema = z.object({
  ...audited,
  // As long as the address form lets each be written (addressBodySchema).
  address: z.string().max(500),
  city: z.string().max(100),
  state: z.string().max(100),
  country: z.string().max(100),
  zipCode: z.string().max(20),
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
      startsAt: timestampSchema,
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
