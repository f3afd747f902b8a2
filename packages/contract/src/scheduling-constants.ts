// Scheduling without its schemas (and so without zod): messages, attendance values and rules, working
// hours, time zones. The screens import these; scheduling.ts adds the schemas.

/** Scheduling: working hours, time zones, time off, availability and attendance (messages are ours). */
export const schedulingMessages = {
  hoursInvalid:
    'Use ranges like "09:00 - 13:00, 14:00 - 17:30" or "9:00 AM - 5:00 PM" (comma-separated, in order), or leave empty for closed',
  hoursFlagged: "Not in the HH:MM - HH:MM form: this day counts as closed until it is corrected",
  timeZoneInvalid: "Unknown time zone: use an IANA name such as Asia/Karachi or Europe/London",
  unavailable: "The consultant is not available at this time",
  timeSkipped: "This time does not exist in the consultant's time zone (the clocks move forward then)",
  rangeTooLong: (days: number) => `Ask for at most ${days} days at a time`,
  rangeOrder: "The end date must not be before the start date",
  fromRequired: "From date is required",
  toRequired: "To date is required",
  dateInvalid: "Use a valid date (YYYY-MM-DD)",
  reasonTooLong: "Reason must be less than 200 characters",
  timeOffNotFound: "Time off not found",
  timeOffDeleted: "Time off deleted successfully",
  attendanceBeforeStart: "Attendance can only be recorded once the appointment has started",
  noShowCancelled: "A cancelled appointment cannot be marked as a no-show",
  attendanceInvalid: "Attendance must be Attended, NoShow or LateCancellation",
  consultantNotFound: "Consultant not found",
  showAllTimes: "Show all times",
  bookAnyway: "Book anyway",
} as const;

/** The longest availability range one request may ask for. */
export const AVAILABILITY_MAX_DAYS = 62;

export const ATTENDANCE_VALUES = ["Attended", "NoShow", "LateCancellation"] as const;
export type Attendance = (typeof ATTENDANCE_VALUES)[number];

/**
 * Why an attendance cannot be recorded on an appointment now, or null when it can: only once the appointment
 * has started, and a cancelled one is never a no-show. The one rule: the server refuses by it, the screens
 * offer only the values it allows.
 */
export function attendanceRefusal(
  value: Attendance,
  appointment: { startsAt: string; isCancelled: boolean },
  now: Date,
): string | null {
  if (now.getTime() < Date.parse(appointment.startsAt)) return schedulingMessages.attendanceBeforeStart;
  if (value === "NoShow" && appointment.isCancelled) return schedulingMessages.noShowCancelled;
  return null;
}

/** Minutes since midnight of a wall-clock "HH:MM" (00:00 to 24:00). */
export interface HoursRange {
  start: number;
  end: number;
}

/** "09:00", "9:00", "17:30" or "9:00 AM", "5:30 pm": the spec's own examples are 12-hour. */
const TIME = /^(\d{1,2}):([0-5]\d)(?:\s*([AaPp][Mm]))?$/;

function minutesOfTime(text: string): number | null {
  const match = TIME.exec(text.trim());
  if (!match) return null;
  let hour = Number(match[1]);
  const minute = Number(match[2]);
  const half = match[3]?.toUpperCase();
  if (half) {
    if (hour < 1 || hour > 12) return null;
    hour = (hour % 12) + (half === "PM" ? 12 : 0);
  }
  const minutes = hour * 60 + minute;
  return minutes <= 24 * 60 ? minutes : null;
}

/**
 * One weekday's working hours: "" or null = closed ([]); "09:00 - 13:00, 14:00 - 17:30" = two ranges, and
 * "9:00 AM - 5:00 PM" the same as "09:00 - 17:00". Anything else (free text, overlapping or unordered
 * ranges, an end not after its start) is null.
 */
export function parseDayHours(text: string | null | undefined): HoursRange[] | null {
  const value = (text ?? "").trim();
  if (value === "") return [];
  const ranges: HoursRange[] = [];
  for (const part of value.split(",")) {
    const ends = part.split("-");
    if (ends.length !== 2) return null;
    const start = minutesOfTime(ends[0] ?? "");
    const end = minutesOfTime(ends[1] ?? "");
    if (start === null || end === null || end <= start) return null;
    const previous = ranges.at(-1);
    if (previous && start < previous.end) return null;
    ranges.push({ start, end });
  }
  return ranges;
}

/** "HH:MM" of minutes since midnight. */
export const minutesToTime = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

/**
 * The hours of a consultant who has recorded no timings at all: they have not said when they work, so the
 * booking day the product always offered (slots from 09:00, the last starting at 18:30) applies every day.
 * The one declaration: the server's availability and booking rules and the screens' notice read it.
 */
export const DEFAULT_DAY_HOURS: Readonly<HoursRange> = { start: 9 * 60, end: 19 * 60 };

/** "09:00–19:00" of a range. */
export const hoursText = (range: HoursRange) => `${minutesToTime(range.start)}–${minutesToTime(range.end)}`;

/** What the screens say where a consultant has no timings: the default applies. */
export const defaultHoursNotice = `No timings set: the default hours ${hoursText(DEFAULT_DAY_HOURS)} apply, every day`;

/** Whether a consultant's timings leave the default hours in force: none of them is active and not deleted. */
export const usesDefaultHours = (timings: ReadonlyArray<{ isActive?: boolean; isDeleted?: boolean }>) =>
  !timings.some((timing) => timing.isActive !== false && timing.isDeleted !== true);

/** Whether a weekday's text is closed or well-formed ranges. */
export const isValidDayHours = (text: string | null | undefined) => parseDayHours(text) !== null;

/** Whether an IANA time zone name is known to this runtime. */
export function isTimeZone(name: string): boolean {
  if (!name || name.trim() !== name) return false;
  try {
    new Intl.DateTimeFormat("en-GB", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
