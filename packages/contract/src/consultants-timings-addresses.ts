import { z } from "zod";
import { pageQuerySchema, versionInputSchema } from "./common";
import { MAX_DB_INTEGER } from "./common-constants";
import { consultantAddressSchema, consultantTimingSchema, guidIdSchema } from "./consultants";
import { addressMessages, timingMessages, WEEKDAYS, type Weekday } from "./consultants-constants";
import { parseDayHours, schedulingMessages } from "./scheduling";

/** A consultant's weekly hours (timings) and office addresses as they are sent and listed. */

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
