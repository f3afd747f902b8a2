import { z } from "zod";
import { MAX_PAGE_SIZE } from "./common";

/** Spec section 9: slots every 30 minutes from 09:00 to 18:30. */
export const APPOINTMENT_TIME_SLOTS: readonly string[] = Array.from({ length: 20 }, (_, index) => {
  const minutes = 9 * 60 + index * 30;
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${minutes % 60 === 0 ? "00" : "30"}`;
});
/** Spec section 9: description and support contact limits. */
export const DESCRIPTION_MAX_LENGTH = 500;
export const SUPPORT_CONTACT_MAX_LENGTH = 100;
/** Spec section 9: the appointment list stays fresh for 5 minutes. */
export const APPOINTMENT_LIST_STALE_MS = 5 * 60 * 1000;

export const appointmentStatusSchema = z.enum(["Pending", "Confirmed", "Cancelled"]);
export type AppointmentStatus = z.infer<typeof appointmentStatusSchema>;

/** Spec section 4: cancelled wins over confirmed; otherwise pending. */
export function appointmentStatus(flags: { isConfirmed: boolean; isCancelled: boolean }): AppointmentStatus {
  if (flags.isCancelled) return "Cancelled";
  return flags.isConfirmed ? "Confirmed" : "Pending";
}

/** Spec sections 2, 5 and 8, word for word; the server-only messages below them are ours. */
export const appointmentMessages = {
  consultantRequired: "Consultant ID is required",
  dateRequired: "Appointment date is required",
  datePast: "Appointment date cannot be in the past",
  timeRequired: "Appointment time is required",
  descriptionRequired: "Description is required",
  descriptionTooLong: "Description must be less than 500 characters",
  supportContactTooLong: "Support contact must be less than 100 characters",
  userNotFound: "User not found. Please log in again.",
  created: "Appointment created successfully",
  updated: "Appointment updated successfully",
  deleted: "Appointment deleted successfully",
  createFailed: "Failed to create appointment",
  updateFailed: "Failed to update appointment",
  deleteFailed: "Failed to delete appointment",
  createAlert: "Failed to create appointment. Please try again.",
  updateAlert: "Failed to update appointment. Please try again.",
  loading: "Loading appointments...",
  loadErrorTitle: "Error Loading Appointments",
  loadErrorText: "Failed to load appointments. Please try again.",
  emptyTitle: "No Appointments Found",
  emptyText: "There are no appointments scheduled yet. Create your first appointment!",
  noDescription: "No description",
  deleteQuestion: "Are you sure you want to delete this appointment?",
  deleteWarning: "This action cannot be undone.",
  noData: "No appointment data available",
  // Ours: the spec gives no server messages for appointments.
  slotTaken: "This time slot is already booked for this consultant",
  consultantNotFound: "Consultant not found",
  customerNotFound: "Customer not found",
  dateInvalid: "Appointment date must be a valid date (YYYY-MM-DD)",
  timeInvalid: "Appointment time must be in HH:MM or HH:MM:SS format",
  idRequired: "Appointment id is required",
  notFound: "Appointment not found",
  duplicateGuid: "An appointment with this guidId already exists",
  reminderCancelled: "A reminder cannot be sent for a cancelled appointment",
  reminderSent: (email: string) => `Reminder sent to ${email}`,
  reminderFailed: "Failed to send reminder",
} as const;

const requiredText = (message: string) => z.string({ error: message }).trim().min(1, message);

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
/** A real calendar date written YYYY-MM-DD (2025-02-30 is refused). */
export const isCalendarDate = (value: string) => {
  if (!DATE_PATTERN.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
};
const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;

/** Spec section 5: a time without seconds gets ":00" appended. */
export const withSeconds = (time: string) => (time.length === 5 ? `${time}:00` : time);

export const appointmentDateSchema = requiredText(appointmentMessages.dateRequired).refine(
  isCalendarDate,
  appointmentMessages.dateInvalid,
);
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

/** A consultant or user reference: its guidId or its numeric id (spec section 3). */
const reference = (message: string) =>
  z.union([z.string().trim().min(1, message), z.number().int().positive()], { error: message });

/** POST userAppointment (spec section 7). consultantName/consultantEmail are taken from the consultant record. */
export const createAppointmentBodySchema = z.object({
  guidId: z.uuid().optional(),
  /** The appointment's user; absent = the signed-in user (spec section 3). Also accepted as userId. */
  userid: z.union([z.string().trim(), z.number().int().positive()]).nullish(),
  userId: z.union([z.string().trim(), z.number().int().positive()]).nullish(),
  consultantId: reference(appointmentMessages.consultantRequired),
  consultantName: z.string().nullish(),
  consultantEmail: z.string().nullish(),
  appointmentDate: appointmentDateSchema,
  appointmentTime: appointmentTimeSchema,
  description: descriptionSchema,
  supportContact: supportContactSchema.nullish(),
  isConfirmed: z.boolean().optional(),
});
export type CreateAppointmentBody = z.infer<typeof createAppointmentBodySchema>;

/**
 * PUT userAppointment/update-appointment: the create fields plus id and the flags. The timestamps and
 * "by" fields are accepted for compatibility but set by the server (a flag turning on stamps them).
 */
export const updateAppointmentBodySchema = createAppointmentBodySchema.extend({
  id: z.number({ error: appointmentMessages.idRequired }).int().positive(),
  isCancelled: z.boolean().optional(),
  isPaid: z.boolean().optional(),
  cancelledAt: z.string().nullish(),
  cancelledBy: z.string().nullish(),
  confirmedAt: z.string().nullish(),
  confirmedBy: z.string().nullish(),
});
export type UpdateAppointmentBody = z.infer<typeof updateAppointmentBodySchema>;

export const appointmentSchema = z.object({
  id: z.number().int(),
  guidId: z.string(),
  /** The user's guidId, under both spellings the spec shows. */
  userid: z.string(),
  userId: z.string(),
  userEmail: z.string().nullable(),
  /** The consultant's guidId. */
  consultantId: z.string(),
  consultantName: z.string().nullable(),
  consultantEmail: z.string().nullable(),
  appointmentDate: z.string(),
  appointmentTime: z.string(),
  description: z.string(),
  supportContact: z.string().nullable(),
  isConfirmed: z.boolean(),
  isCancelled: z.boolean(),
  isPaid: z.boolean(),
  status: appointmentStatusSchema,
  confirmedAt: z.string().nullable(),
  confirmedBy: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  cancelledBy: z.string().nullable(),
  reminderSentAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Appointment = z.infer<typeof appointmentSchema>;

/** GET userAppointment/appointments: no paging parameter = the whole array (spec); else one page plus total. */
export const appointmentListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).optional(),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).optional(),
  status: appointmentStatusSchema.optional(),
  consultantId: z.string().trim().min(1).optional(),
  from: z.string().refine(isCalendarDate, appointmentMessages.dateInvalid).optional(),
  to: z.string().refine(isCalendarDate, appointmentMessages.dateInvalid).optional(),
});
export type AppointmentListQuery = z.infer<typeof appointmentListQuerySchema>;

export const appointmentPageSchema = z.object({ data: z.array(appointmentSchema), total: z.number().int() });
export type AppointmentPage = z.infer<typeof appointmentPageSchema>;

/** The id in a path: the numeric id or the guidId. */
export const appointmentParamsSchema = z.object({ id: z.string().trim().min(1) });

export const reminderResponseSchema = z.object({ message: z.string(), appointment: appointmentSchema });

/**
 * The create/edit form (web): the same field rules as the API, plus "not in the past" against the
 * browser's today (the server checks it again against the business time zone). Like the server, an edit
 * that keeps the stored date is not refused, so a past appointment can still be marked paid or cancelled.
 */
export function appointmentFormSchema(today: string, storedDate?: string) {
  return z.object({
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
  });
}
export type AppointmentFormValues = z.infer<ReturnType<typeof appointmentFormSchema>>;
