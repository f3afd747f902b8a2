import { DEFAULT_DAY_HOURS, type HoursRange, parseDayHours } from "@visadesk/contract/scheduling";
import { DateTime } from "luxon";

/** The weekday columns of a timing, Monday first (Luxon's weekday 1 to 7). */
export const WEEKDAY_COLUMNS = [
  "monday",
  "tuesday",
  "wednesday",
  "thursday",
  "friday",
  "saturday",
  "sunday",
] as const;
type TimingDays = Record<(typeof WEEKDAY_COLUMNS)[number], string | null>;

/** The week of a consultant who has recorded no timings at all: the default hours every day. */
const UNSTATED_DAY: HoursRange[] = [DEFAULT_DAY_HOURS];

/**
 * Ranges by weekday (index 0 = Monday) over all of a consultant's timings; free text counts as closed.
 * No timings at all: the unstated week above.
 */
export function weeklyHours(timings: TimingDays[]): HoursRange[][] {
  if (timings.length === 0) return WEEKDAY_COLUMNS.map(() => UNSTATED_DAY);
  return WEEKDAY_COLUMNS.map((day) => {
    const ranges = timings.flatMap((timing) => parseDayHours(timing[day]) ?? []);
    return ranges.sort((a, b) => a.start - b.start);
  });
}

/** Minutes since midnight of "HH:MM" or "HH:MM:SS". */
export const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** The instant a wall-clock date and minute start in a zone; null when the clocks skip that time. */
export function wallClockStart(date: string, minutes: number, zone: string): DateTime | null {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const hour = Math.floor(minutes / 60);
  const minute = minutes % 60;
  const shows = (at: DateTime) => at.hour === hour && at.minute === minute && at.day === day;
  // Luxon moves a skipped time forward (refused here) and reads a repeated one as its later occurrence.
  const start = DateTime.fromObject({ year, month, day, hour, minute }, { zone });
  if (!shows(start)) return null;
  // A time the clocks show twice is its first occurrence: the one a shift (1 hour, or 30 minutes) earlier.
  for (const shift of [60, 30]) {
    const earlier = start.minus({ minutes: shift });
    if (shows(earlier)) return earlier;
  }
  return start;
}

/** The stored form of an instant: ISO 8601 UTC with milliseconds, as PostgreSQL's answers are parsed too. */
export const isoUtc = (at: DateTime) => at.toUTC().toISO() as string;

/** Whether [start, start + slot) of a day lies inside one of its ranges (wall-clock minutes). */
export const insideHours = (ranges: HoursRange[], start: number, slotMinutes: number) =>
  ranges.some((range) => start >= range.start && start + slotMinutes <= range.end);

/** Luxon's weekday (Monday 0) of a calendar date, independent of any zone. */
export const weekdayIndex = (date: string) => DateTime.fromISO(date, { zone: "UTC" }).weekday - 1;

/** The calendar dates from `from` to `to`, both inclusive. */
export function datesBetween(from: string, to: string): string[] {
  const dates: string[] = [];
  for (
    let day = DateTime.fromISO(from, { zone: "UTC" });
    day.toISODate()! <= to;
    day = day.plus({ days: 1 })
  ) {
    dates.push(day.toISODate()!);
  }
  return dates;
}

/** Today's date in a zone. */
export const todayIn = (now: Date, zone: string) => DateTime.fromJSDate(now, { zone }).toISODate()!;

/**
 * The stored instants of a wall-clock appointment, for records written outside the booking rules (demo and
 * bulk data, tests): a skipped time moves forward as Luxon reads it.
 */
export function appointmentWindow(date: string, time: string, zone: string, slotMinutes = 30) {
  const start =
    wallClockStart(date, minutesOf(time), zone) ?? DateTime.fromISO(`${date}T${time.slice(0, 5)}`, { zone });
  return { startsAt: isoUtc(start), endsAt: isoUtc(start.plus({ minutes: slotMinutes })) };
}
