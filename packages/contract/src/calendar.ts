import { z } from "zod";
import { appointmentSchema } from "./appointments";
import { calendarDateSchema } from "./common";

/** The appointments calendar: one range of days for a few consultants, with their hours and time off. */
export const calendarMessages = {
  fromRequired: "From date is required",
  toRequired: "To date is required",
  dateInvalid: "Use a valid date (YYYY-MM-DD)",
  rangeOrder: "The end date must not be before the start date",
  rangeTooLong: (days: number) => `Ask for at most ${days} days at a time`,
  consultantsRequired: "Choose at least one consultant",
  tooManyConsultants: (most: number) => `Choose at most ${most} consultants at a time`,
  consultantNotFound: "Consultant not found",
} as const;

/** The longest range one calendar request may ask for (a month view with its leading and trailing weeks). */
export const CALENDAR_MAX_DAYS = 62;
/** How many consultants one calendar shows side by side. */
export const CALENDAR_MAX_CONSULTANTS = 10;

const calendarDate = (required: string) => calendarDateSchema(required, calendarMessages.dateInvalid);

/** Days between two YYYY-MM-DD dates, both counted. */
export const daysInRange = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/**
 * GET userAppointment/calendar?from&to&consultantIds=a,b: consultant-local dates, both inclusive; the
 * consultants by guidId (or numeric id), comma-separated.
 */
export const calendarQuerySchema = z
  .object({
    from: calendarDate(calendarMessages.fromRequired),
    to: calendarDate(calendarMessages.toRequired),
    consultantIds: z
      .string({ error: calendarMessages.consultantsRequired })
      .transform((text) => [
        ...new Set(
          text
            .split(",")
            .map((id) => id.trim())
            .filter(Boolean),
        ),
      ])
      .pipe(
        z
          .array(z.string())
          .min(1, calendarMessages.consultantsRequired)
          .max(CALENDAR_MAX_CONSULTANTS, calendarMessages.tooManyConsultants(CALENDAR_MAX_CONSULTANTS)),
      ),
  })
  .refine((query) => query.to >= query.from, { message: calendarMessages.rangeOrder, path: ["to"] })
  .refine((query) => query.to < query.from || daysInRange(query.from, query.to) <= CALENDAR_MAX_DAYS, {
    message: calendarMessages.rangeTooLong(CALENDAR_MAX_DAYS),
    path: ["to"],
  });
export type CalendarQuery = z.output<typeof calendarQuerySchema>;

/** One working-hours range on a weekday, wall-clock in the consultant's zone. */
export const calendarHoursSchema = z.object({
  /** 0 = Sunday to 6 = Saturday, as JavaScript's Date#getDay counts. */
  weekday: z.number().int().min(0).max(6),
  /** "HH:MM". */
  start: z.string(),
  /** "HH:MM"; "24:00" = until midnight. */
  end: z.string(),
});
export type CalendarHours = z.infer<typeof calendarHoursSchema>;

export const calendarConsultantSchema = z.object({
  /** The consultant's guidId. */
  consultantId: z.string(),
  name: z.string().nullable(),
  timeZone: z.string(),
  hours: z.array(calendarHoursSchema),
  /** Days away that touch the range, both ends inclusive. */
  timeOff: z.array(z.object({ from: z.string(), to: z.string(), reason: z.string().nullable() })),
});
export type CalendarConsultant = z.infer<typeof calendarConsultantSchema>;

export const calendarSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** The length every appointment occupies. */
  slotMinutes: z.number().int(),
  consultants: z.array(calendarConsultantSchema),
  /** Every appointment of those consultants dated in the range, cancelled ones included, earliest first. */
  appointments: z.array(appointmentSchema),
});
export type Calendar = z.infer<typeof calendarSchema>;
