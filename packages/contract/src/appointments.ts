import { z } from "zod";
import {
  APPOINTMENT_SORT_PARAMS,
  APPOINTMENT_STATUSES,
  type AppointmentSortParam,
  appointmentMessages,
  CANCELLATION_REASON_MAX_LENGTH,
  DESCRIPTION_MAX_LENGTH,
  isCalendarDate,
  SUPPORT_CONTACT_MAX_LENGTH,
  TIME_PATTERN,
} from "./appointments-constants";
import { recordVersionSchema, timestampSchema, totalIsEstimateSchema, versionInputSchema } from "./common";
import { MAX_DB_INTEGER, MAX_PAGE_SIZE } from "./common-constants";
import { exactTotalParamSchema, type SortOrder, yesNoParamSchema } from "./lists";
import { APPOINTMENT_SORTS, type AppointmentSort, listMessages } from "./lists-constants";
import { attendanceSchema, nullableAttendanceSchema } from "./scheduling";

export const appointmentStatusSchema = z.enum(APPOINTMENT_STATUSES);

const requiredText = (message: string) => z.string({ error: message }).trim().min(1, message);

/** YYYY-MM-DD, a real date (spaces around it are ignored). */
export const appointmentDateSchema = requiredText(appointmentMessages.dateRequired)
  .refine(isCalendarDate, appointmentMessages.dateInvalid)
  .meta({ format: "date" });
export const appointmentTimeSchema = requiredText(appointmentMessages.timeRequired).regex(
  TIME_PATTERN,
  appointmentMessages.timeInvalid,
);
export const descriptionSchema = requiredText(appointmentMessages.descriptionRequired).max(
  DESCRIPTION_MAX_LENGTH,
  appointmentMessages.descriptionTooLong,
);
export const supportContactSchema = z
  .string()
  .trim()
  .max(SUPPORT_CONTACT_MAX_LENGTH, appointmentMessages.supportContactTooLong);

/** Why an appointment is cancelled: mailed to the customer and the consultant, kept with it. */
export const cancellationReasonSchema = z
  .string()
  .trim()
  .max(CANCELLATION_REASON_MAX_LENGTH, appointmentMessages.cancelReasonTooLong);

/** A numeric id: no row has one past the integer columns' range. */
const recordId = z.number().int().positive().max(MAX_DB_INTEGER);

/** A consultant or user reference: its guidId or its numeric id. */
const reference = (message: string) =>
  z.union([z.string().trim().min(1, message), recordId], { error: message });

/** POST userAppointment. consultantName/consultantEmail are taken from the consultant record. */
export const createAppointmentBodySchema = z.object({
  guidId: z.uuid().optional(),
  /** The appointment's user; absent = the signed-in user. Also accepted as userId. */
  userid: z.union([z.string().trim(), recordId]).nullish(),
  userId: z.union([z.string().trim(), recordId]).nullish(),
  consultantId: reference(appointmentMessages.consultantRequired),
  consultantName: z.string().nullish(),
  consultantEmail: z.string().nullish(),
  appointmentDate: appointmentDateSchema,
  appointmentTime: appointmentTimeSchema,
  description: descriptionSchema,
  supportContact: supportContactSchema.nullish(),
  isConfirmed: z.boolean().optional(),
  /**
   * Staff chose "Book anyway": a time outside the consultant's hours or on their time off is booked (and
   * marked so) instead of refused with 422. Overlaps are refused all the same.
   */
  allowOutsideHours: z.boolean().optional(),
});
export type CreateAppointmentBody = z.infer<typeof createAppointmentBodySchema>;

/**
 * PUT userAppointment/update-appointment: the create fields plus id and the flags. The timestamps and
 * "by" fields are accepted for compatibility but set by the server (a flag turning on stamps them).
 */
export const updateAppointmentBodySchema = createAppointmentBodySchema.extend({
  id: z.number({ error: appointmentMessages.idRequired }).int().positive().max(MAX_DB_INTEGER),
  isCancelled: z.boolean().optional(),
  isPaid: z.boolean().optional(),
  cancelledAt: timestampSchema.nullish(),
  cancelledBy: z.string().nullish(),
  confirmedAt: timestampSchema.nullish(),
  confirmedBy: z.string().nullish(),
  /**
   * Why it is cancelled, with a cancel (isCancelled turning on): kept with it and mailed to the customer and
   * the consultant. Optional, as the spec's client sends none (the mails then give no reason); the
   * back-office's screens always ask one.
   */
  cancellationReason: cancellationReasonSchema.nullish(),
  /** The version the edit was based on; absent = no check (the spec's client sends none). */
  version: versionInputSchema,
});
export type UpdateAppointmentBody = z.infer<typeof updateAppointmentBodySchema>;

export const REMINDER_STATES = ["scheduled", "sent", "failed"] as const;
export const reminderStateSchema = z.enum(REMINDER_STATES);
export type ReminderState = z.infer<typeof reminderStateSchema>;

/**
 * One automatic reminder (REMINDER_HOURS_BEFORE): mailed `hoursBefore` hours before the start, once, with
 * retries; "failed" after the last try, with the reason. A confirmed appointment has one per configured
 * hour whose time had not passed when it was booked or moved (a reminder is never sent late); a cancelled
 * or unconfirmed one has none.
 */
export const appointmentReminderSchema = z.object({
  hoursBefore: z.number().int(),
  /** When it is (or was) due, ISO 8601 UTC. */
  dueAt: timestampSchema,
  state: reminderStateSchema,
  sentAt: timestampSchema.nullable(),
  failureReason: z.string().nullable(),
});
export type AppointmentReminder = z.infer<typeof appointmentReminderSchema>;

export const appointmentSchema = z.object({
  id: z.number().int(),
  guidId: z.string(),
  /** The user's guidId, under both spellings the spec shows. */
  userid: z.string(),
  userId: z.string(),
  userEmail: z.string().nullable(),
  /** The customer's full name (first and last), when their account has one. */
  customerName: z.string().nullable(),
  /** The consultant's guidId. */
  consultantId: z.string(),
  consultantName: z.string().nullable(),
  consultantEmail: z.string().nullable(),
  appointmentDate: z.string().max(10).meta({ format: "date" }),
  appointmentTime: z.string().max(8).meta({ pattern: TIME_PATTERN.source }),
  description: z.string(),
  supportContact: z.string().nullable(),
  isConfirmed: z.boolean(),
  isCancelled: z.boolean(),
  isPaid: z.boolean(),
  status: appointmentStatusSchema,
  confirmedAt: timestampSchema.nullable(),
  confirmedBy: z.string().nullable(),
  cancelledAt: timestampSchema.nullable(),
  cancelledBy: z.string().nullable(),
  /** Why it was cancelled, when the cancel gave a reason (a consultant's delete does). */
  cancellationReason: z.string().nullable(),
  /** The consultant was deleted while the appointment was kept: show it as "consultant removed". */
  consultantDeleted: z.boolean(),
  /** The app user was deleted while the appointment was kept: show it as "customer removed". */
  customerDeleted: z.boolean(),
  reminderSentAt: timestampSchema.nullable(),
  /** The instant it starts, ISO 8601 UTC: appointmentDate and appointmentTime read in `timeZone`. */
  startsAt: timestampSchema,
  /** startsAt plus the slot: the appointment occupies [startsAt, endsAt). */
  endsAt: timestampSchema,
  /** The consultant's IANA time zone, in which appointmentDate and appointmentTime are wall-clock. */
  timeZone: z.string().max(64),
  /** The app user's own time zone, when they have one. */
  userTimeZone: z.string().max(64).nullable(),
  /** Recorded by staff after the start; null until then. */
  attendance: nullableAttendanceSchema,
  /** Booked knowingly outside the consultant's hours or on time off ("Book anyway"), and by whom. */
  isOutsideHours: z.boolean(),
  outsideHoursBy: z.string().nullable(),
  /** The customer booked it themselves (the customer API), not staff for them. */
  isBookedByCustomer: z.boolean(),
  /** The automatic reminders, soonest due first. */
  reminders: z.array(appointmentReminderSchema),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
  version: recordVersionSchema,
});
export type Appointment = z.infer<typeof appointmentSchema>;

const appointmentSortOptions = z.enum(APPOINTMENT_SORT_PARAMS, {
  error: listMessages.sortInvalid(APPOINTMENT_SORTS),
});
/**
 * sort=<field> or sort=-<field> (descending), as an enum (the document lists the orders, and a wrong one does
 * not compile in a caller); spaces around it are ignored and anything else is a 400 naming the fields.
 */
const appointmentSortSchema = z
  .preprocess<unknown, typeof appointmentSortOptions, AppointmentSortParam>(
    (value) => (typeof value === "string" ? value.trim() : value),
    appointmentSortOptions,
  )
  .transform(
    (value): SortOrder<AppointmentSort> => ({
      field: value.replace(/^-/, "") as AppointmentSort,
      descending: value.startsWith("-"),
    }),
  )
  .optional();

/** GET userAppointment/appointments: no paging parameter = the whole array (spec); else one page plus total. */
export const appointmentListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).optional(),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).optional(),
  status: appointmentStatusSchema.optional(),
  consultantId: z.string().trim().min(1).optional(),
  /** Consultant-local dates, both inclusive. */
  from: z.iso.date({ error: appointmentMessages.dateInvalid }).optional(),
  to: z.iso.date({ error: appointmentMessages.dateInvalid }).optional(),
  attendance: attendanceSchema.optional(),
  /** Without sort: upcoming first (today, then later, each soonest first), then past ones, latest first. */
  sort: appointmentSortSchema,
  paid: yesNoParamSchema("paid"),
  /** The customer: an app user's guidId (or numeric id). */
  userId: z.string().trim().min(1).optional(),
  exactTotal: exactTotalParamSchema,
});
export type AppointmentListQuery = z.infer<typeof appointmentListQuerySchema>;

export const appointmentPageSchema = z.object({
  data: z.array(appointmentSchema),
  total: z.number().int(),
  totalIsEstimate: totalIsEstimateSchema,
});
export type AppointmentPage = z.infer<typeof appointmentPageSchema>;

/** The id in a path: the numeric id or the guidId. */
export const appointmentParamsSchema = z.object({ id: z.string().trim().min(1) });
/** DELETE userAppointment/{id}: the version the delete was based on; absent = no check. */
export const deleteAppointmentQuerySchema = z.object({ version: versionInputSchema });

export const reminderResponseSchema = z.object({ message: z.string(), appointment: appointmentSchema });
export type ReminderResponse = z.infer<typeof reminderResponseSchema>;

/**
 * The create/edit form (web): the same field rules as the API, plus "not in the past" against the
 * browser's today (the server checks it again against the business time zone). Like the server, an edit
 * that keeps the stored date is not refused, so a past appointment can still be marked paid or cancelled.
 */
export function appointmentFormSchema(today: string, storedDate?: string, storedCancelled = false) {
  return (
    z
      .object({
        userid: z.string(),
        consultantId: requiredText(appointmentMessages.consultantRequired),
        appointmentDate: appointmentDateSchema.refine(
          (date) => date >= today || date === storedDate,
          appointmentMessages.datePast,
        ),
        appointmentTime: appointmentTimeSchema,
        description: descriptionSchema,
        supportContact: supportContactSchema,
        isConfirmed: z.boolean(),
        isCancelled: z.boolean(),
        isPaid: z.boolean(),
        cancellationReason: cancellationReasonSchema,
      })
      // Cancelling here asks why: the customer and the consultant are mailed it.
      .refine((values) => !values.isCancelled || storedCancelled || values.cancellationReason !== "", {
        message: appointmentMessages.cancelReasonRequired,
        path: ["cancellationReason"],
      })
  );
}
export type AppointmentFormValues = z.infer<ReturnType<typeof appointmentFormSchema>>;
