import { APPOINTMENT_SORTS, type AppointmentSort } from "./lists-constants";

/** The appointment domain's constants and messages, free of zod so any page can import them cheaply. */
/** Slots every 30 minutes from 09:00 to 18:30. */
export const APPOINTMENT_TIME_SLOTS: readonly string[] = Array.from({ length: 20 }, (_, index) => {
  const minutes = 9 * 60 + index * 30;
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${minutes % 60 === 0 ? "00" : "30"}`;
});
/** Description and support contact limits. */
export const DESCRIPTION_MAX_LENGTH = 500;
export const SUPPORT_CONTACT_MAX_LENGTH = 100;
/** The longest reason a cancel may give (it goes into the mails to the customer and the consultant). */
export const CANCELLATION_REASON_MAX_LENGTH = 500;
/** The appointment list stays fresh for 5 minutes. */
export const APPOINTMENT_LIST_STALE_MS = 5 * 60 * 1000;

export const APPOINTMENT_STATUSES = ["Pending", "Confirmed", "Cancelled"] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

/** The list's sort parameter: a field, "-" first for descending. */
export type AppointmentSortParam = AppointmentSort | `-${AppointmentSort}`;
export const APPOINTMENT_SORT_PARAMS: readonly AppointmentSortParam[] = [
  ...APPOINTMENT_SORTS,
  ...APPOINTMENT_SORTS.map((field) => `-${field}` as const),
];
/** A sort read from an address, if it is one the list knows. */
export const appointmentSortParam = (value: string | undefined): AppointmentSortParam | undefined =>
  APPOINTMENT_SORT_PARAMS.find((known) => known === value);

/** Cancelled wins over confirmed; otherwise pending. */
export function appointmentStatus(flags: { isConfirmed: boolean; isCancelled: boolean }): AppointmentStatus {
  if (flags.isCancelled) return "Cancelled";
  return flags.isConfirmed ? "Confirmed" : "Pending";
}

/** The screens' texts, word for word; the server-only messages below them are ours. */
/** One reminder per appointment in this many minutes, however it is asked for (its own button, a bulk action). */
export const REMINDER_COOLDOWN_MINUTES = 10;

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
  cancelReasonLabel: "Reason for the cancellation",
  cancelReasonHint:
    "The customer and the consultant are emailed that the appointment is cancelled, with this reason.",
  cancelReasonRequired: "Give a reason: it is sent to the customer and the consultant",
  cancelReasonTooLong: `Reason must be at most ${CANCELLATION_REASON_MAX_LENGTH} characters`,
  reminderCancelled: "A reminder cannot be sent for a cancelled appointment",
  reminderSent: (email: string) => `Reminder sent to ${email}`,
  reminderFailed: "Failed to send reminder",
  reminderTooSoon: `A reminder went to this customer less than ${REMINDER_COOLDOWN_MINUTES} minutes ago: no new one was sent`,
} as const;

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
/** A real calendar date written YYYY-MM-DD (2025-02-30 is refused). */
export const isCalendarDate = (value: string) => {
  if (!DATE_PATTERN.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
};
export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;

/** A time without seconds gets ":00" appended. */
export const withSeconds = (time: string) => (time.length === 5 ? `${time}:00` : time);
