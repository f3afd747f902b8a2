import { z } from "zod";
import { calendarDateSchema, pageSchema, timestampSchema, versionInputSchema } from "./common";
import { ATTENDANCE_VALUES, isTimeZone, schedulingMessages } from "./scheduling-constants";

// The server reads the zod-free parts from here too.
export * from "./scheduling-constants";

export const attendanceSchema = z.enum(ATTENDANCE_VALUES, { error: schedulingMessages.attendanceInvalid });

/**
 * Attendance or null. The document lists null among the values: a nullable enum is otherwise written
 * without it, and a validator of the document would refuse null.
 */
export const nullableAttendanceSchema = attendanceSchema
  .nullable()
  .meta({ enum: [...ATTENDANCE_VALUES, null] });

/** An optional time zone field: blank = not given (keep / default). */
export const timeZoneInputSchema = z
  .string()
  .trim()
  // No IANA zone is longer than 32 characters: the same refusal as any other unknown zone.
  .max(64, schedulingMessages.timeZoneInvalid)
  .optional()
  .transform((value) => value || undefined)
  .refine((value) => value === undefined || isTimeZone(value), schedulingMessages.timeZoneInvalid);

const calendarDate = (required: string) => calendarDateSchema(required, schedulingMessages.dateInvalid);

/** POST Consultants/{id}/time-off: days the consultant is away, both inclusive. */
export const timeOffBodySchema = z
  .object({
    from: calendarDate(schedulingMessages.fromRequired),
    to: calendarDate(schedulingMessages.toRequired),
    reason: z
      .string()
      .trim()
      .max(200, schedulingMessages.reasonTooLong)
      .nullish()
      .transform((value) => value || null),
  })
  .refine((body) => body.to >= body.from, { message: schedulingMessages.rangeOrder, path: ["to"] });
export type TimeOffBodyInput = z.input<typeof timeOffBodySchema>;
export type TimeOffBody = z.output<typeof timeOffBodySchema>;

export const timeOffSchema = z.object({
  id: z.number().int(),
  guidId: z.string().max(36),
  /** The consultant's guidId. */
  consultantId: z.string().max(36),
  from: z.string().max(10).meta({ format: "date" }),
  to: z.string().max(10).meta({ format: "date" }),
  reason: z.string().max(200).nullable(),
  createdAt: timestampSchema,
  /** The userName of who recorded it (at most 50 characters, as the accounts' rules have it). */
  createdBy: z.string().max(50).nullable(),
});
export type TimeOff = z.infer<typeof timeOffSchema>;
/** All of a consultant's time off (not paged), total their number. */
export const timeOffListSchema = pageSchema(timeOffSchema);
export type TimeOffList = z.infer<typeof timeOffListSchema>;

export const consultantParamsSchema = z.object({ id: z.string().trim().min(1) });
export const timeOffParamsSchema = z.object({
  id: z.string().trim().min(1),
  timeOffId: z.string().trim().min(1),
});

/** GET Consultants/{id}/availability?from&to (both inclusive, consultant-local dates). */
export const availabilityQuerySchema = z
  .object({
    from: calendarDate(schedulingMessages.fromRequired),
    to: calendarDate(schedulingMessages.toRequired),
  })
  .refine((query) => query.to >= query.from, { message: schedulingMessages.rangeOrder, path: ["to"] });
export type AvailabilityQuery = z.infer<typeof availabilityQuerySchema>;

export const availabilitySchema = z.object({
  timeZone: z.string(),
  slotMinutes: z.number().int(),
  /** The consultant has recorded no timings: the slots are the default hours' (DEFAULT_DAY_HOURS). */
  defaultHours: z.boolean(),
  days: z.array(z.object({ date: z.string(), slots: z.array(z.string()) })),
});
export type Availability = z.infer<typeof availabilitySchema>;

/** POST userAppointment/{id}/attendance: null clears it. */
export const attendanceBodySchema = z.object({
  attendance: nullableAttendanceSchema,
  version: versionInputSchema,
});
export type AttendanceBody = z.infer<typeof attendanceBodySchema>;
