import { daysIntoWeek } from "../week";
import type { CalendarMode } from "./calendar-params";

const DAY_MS = 86_400_000;
const asUtc = (date: string) => new Date(`${date}T00:00:00Z`);
const iso = (date: Date) => date.toISOString().slice(0, 10);

/** The date `days` after a YYYY-MM-DD date (negative: before). */
export const addDays = (date: string, days: number) => iso(new Date(asUtc(date).getTime() + days * DAY_MS));

/** The same day of the month `months` later, or the month's last day when it has fewer. */
export function addMonths(date: string, months: number) {
  const start = asUtc(date);
  const target = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(start.getUTCDate(), lastDay));
  return iso(target);
}

/** The week's first day (Monday: FIRST_DAY_OF_WEEK) on or before a date. */
const weekStart = (date: string) => addDays(date, -daysIntoWeek(asUtc(date).getUTCDay()));

/**
 * The dates a view shows, both inclusive: the day; its week, Monday to Sunday; or its month's six
 * weeks, as the month grid lays them out. Known from the URL alone, so the request starts with the page.
 */
export function visibleRange(mode: CalendarMode, date: string): { from: string; to: string } {
  if (mode === "day") return { from: date, to: date };
  if (mode === "week") {
    const from = weekStart(date);
    return { from, to: addDays(from, 6) };
  }
  const from = weekStart(`${date.slice(0, 7)}-01`);
  return { from, to: addDays(from, 41) };
}

/** The date Previous or Next moves to. */
export const stepDate = (mode: CalendarMode, date: string, direction: 1 | -1) =>
  mode === "month" ? addMonths(date, direction) : addDays(date, mode === "week" ? 7 * direction : direction);

const format = (options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat("en-GB", { ...options, timeZone: "UTC" });

/** The heading of what is shown: "Monday, 11 March 2030", "10 – 16 March 2030", "March 2030". */
export function rangeTitle(mode: CalendarMode, date: string) {
  if (mode === "day") {
    return format({ weekday: "long", day: "numeric", month: "long", year: "numeric" }).format(asUtc(date));
  }
  if (mode === "month") return format({ month: "long", year: "numeric" }).format(asUtc(date));
  const { from, to } = visibleRange(mode, date);
  return format({ day: "numeric", month: "long", year: "numeric" }).formatRange(asUtc(from), asUtc(to));
}
