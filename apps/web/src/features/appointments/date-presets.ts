import { todayLocal } from "./format";
import { daysIntoWeek } from "./week";

/** The list's quick date ranges; each sets from/to (and Past unconfirmed also the status). */
export interface DatePreset {
  label: string;
  filters: { from: string; to: string; status?: string };
}

const plusDays = (date: Date, days: number) =>
  new Date(date.getFullYear(), date.getMonth(), date.getDate() + days);

/**
 * Today, This week (Monday to Sunday, as the calendar's weeks: FIRST_DAY_OF_WEEK), Next 7 days (today and the six after it), Past unconfirmed (pending
 * appointments before today), in the browser's calendar.
 */
export function datePresets(now = new Date()): DatePreset[] {
  const today = todayLocal(now);
  const monday = plusDays(now, -daysIntoWeek(now.getDay()));
  return [
    { label: "Today", filters: { from: today, to: today } },
    { label: "This week", filters: { from: todayLocal(monday), to: todayLocal(plusDays(monday, 6)) } },
    { label: "Next 7 days", filters: { from: today, to: todayLocal(plusDays(now, 6)) } },
    {
      label: "Past unconfirmed",
      filters: { from: "", to: todayLocal(plusDays(now, -1)), status: "Pending" },
    },
  ];
}

/** Whether the list's filters are exactly this preset's range (its button then shows as pressed). */
export const presetActive = (preset: DatePreset, current: { from: string; to: string; status: string }) =>
  preset.filters.from === current.from &&
  preset.filters.to === current.to &&
  (preset.filters.status === undefined || preset.filters.status === current.status);
