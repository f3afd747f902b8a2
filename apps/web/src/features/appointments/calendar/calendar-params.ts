import { isCalendarDate } from "@visadesk/contract/appointments-constants";
import { CALENDAR_MAX_CONSULTANTS } from "@visadesk/contract/calendar";
import { useCallback } from "react";
import { useSearchParams } from "react-router";
import { todayLocal } from "../format";

export const CALENDAR_MODES = ["day", "week", "month"] as const;
export type CalendarMode = (typeof CALENDAR_MODES)[number];

/** FullCalendar's view of each mode. */
export const VIEW_OF_MODE: Record<CalendarMode, string> = {
  day: "timeGridDay",
  week: "timeGridWeek",
  month: "dayGridMonth",
};

/** Mantine's `sm` breakpoint: below it, a week's seven columns are too narrow to read a time in. */
const NARROW_SCREEN = "(max-width: 47.99em)";

/** The view without one in the URL or remembered: one day on a phone's screen, else the week. */
export const defaultMode = (): CalendarMode =>
  typeof window !== "undefined" && window.matchMedia(NARROW_SCREEN).matches ? "day" : "week";

export interface CalendarParams {
  /** The day the calendar shows (or whose week or month). */
  date: string;
  mode: CalendarMode;
  /** Consultant guidIds, in the order they were chosen. */
  consultants: string[];
}

/**
 * The calendar's place in the URL (?view=calendar&date=2030-03-11&mode=week&consultants=a,b), so reload,
 * Back and Forward and a shared link show the same days of the same consultants.
 */
export function useCalendarParams() {
  const [params, setParams] = useSearchParams();
  const date = params.get("date") ?? "";
  const mode = CALENDAR_MODES.find((candidate) => candidate === params.get("mode")) ?? defaultMode();
  const consultants = (params.get("consultants") ?? "")
    .split(",")
    .filter(Boolean)
    .slice(0, CALENDAR_MAX_CONSULTANTS);
  const current: CalendarParams = {
    date: isCalendarDate(date) ? date : todayLocal(),
    mode,
    consultants,
  };

  const setCalendar = useCallback(
    (changes: Partial<CalendarParams>, options?: { replace?: boolean }) =>
      setParams((previous) => {
        const next = new URLSearchParams(previous);
        if (changes.date !== undefined) next.set("date", changes.date);
        if (changes.mode !== undefined) next.set("mode", changes.mode);
        if (changes.consultants !== undefined) {
          if (changes.consultants.length > 0) next.set("consultants", changes.consultants.join(","));
          else next.delete("consultants");
        }
        return next;
      }, options),
    [setParams],
  );
  return { ...current, setCalendar };
}

/** Where the calendar was last left in this browser: its consultants and view. */
const LAST_CALENDAR_KEY = "visadesk:appointments-calendar:last";

export function rememberCalendar(last: Pick<CalendarParams, "consultants" | "mode">) {
  try {
    localStorage.setItem(LAST_CALENDAR_KEY, JSON.stringify(last));
  } catch {
    // Storage full or refused: the calendar opens empty next time, as before.
  }
}

/** The last calendar's consultants and view, if any were kept (and still make sense). */
export function rememberedCalendar(): Pick<CalendarParams, "consultants" | "mode"> | null {
  try {
    const stored = JSON.parse(localStorage.getItem(LAST_CALENDAR_KEY) ?? "null") as unknown;
    if (!stored || typeof stored !== "object") return null;
    const { consultants, mode } = stored as { consultants?: unknown; mode?: unknown };
    const ids = Array.isArray(consultants)
      ? consultants.filter((id): id is string => typeof id === "string" && id.length > 0)
      : [];
    if (ids.length === 0) return null;
    return {
      consultants: ids.slice(0, CALENDAR_MAX_CONSULTANTS),
      mode: CALENDAR_MODES.find((candidate) => candidate === mode) ?? defaultMode(),
    };
  } catch {
    return null;
  }
}
