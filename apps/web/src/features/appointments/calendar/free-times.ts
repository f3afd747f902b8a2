import type { CalendarConsultant } from "@visadesk/contract/calendar";
import type { Availability } from "@visadesk/contract/scheduling";

export type NoFreeTimeReason = "closed" | "time off" | "fully booked";

/**
 * Why a day of a consultant has no free times, read from the availability answer (no free slot) and the
 * calendar's (hours and time off): time off, no hours that weekday (closed), else every slot is taken. Days
 * already over are left out: having no free time is no news there.
 */
export function daysWithoutFreeTimes(
  consultant: Pick<CalendarConsultant, "hours" | "timeOff">,
  // defaultHours: the consultant has recorded no timings, so every day has the default hours.
  availability: Pick<Availability, "days"> & { defaultHours?: boolean },
  today: string,
): Array<{ date: string; reason: NoFreeTimeReason }> {
  return availability.days
    .filter((day) => day.slots.length === 0 && day.date >= today)
    .map((day) => {
      if (consultant.timeOff.some((away) => away.from <= day.date && day.date <= away.to)) {
        return { date: day.date, reason: "time off" as const };
      }
      const weekday = new Date(`${day.date}T00:00:00Z`).getUTCDay();
      const works =
        availability.defaultHours === true || consultant.hours.some((range) => range.weekday === weekday);
      // A day with hours whose slots have all begun (today, late) is as good as fully booked.
      return { date: day.date, reason: works ? ("fully booked" as const) : ("closed" as const) };
    });
}
