import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { APPOINTMENT_LIST_STALE_MS } from "@visadesk/contract/appointments-constants";
import type { Calendar } from "@visadesk/contract/calendar";
import { http } from "@/lib/http";

export interface CalendarRange {
  /** The first and last dates shown, both inclusive. */
  from: string;
  to: string;
  consultantIds: string[];
}

/** GET userAppointment/calendar: the range's appointments with the consultants' hours and time off. */
export async function getCalendar({ from, to, consultantIds }: CalendarRange) {
  const response = await http.get<Calendar>("userAppointment/calendar", {
    params: { from, to, consultantIds: consultantIds.join(",") },
    silent: true,
  });
  return response.data;
}

/**
 * Under the appointments' key, so a create, update or delete (which invalidate ["appointments"]) refreshes
 * the calendar too.
 */
export const calendarQueryOptions = (range: CalendarRange) =>
  queryOptions({
    queryKey: ["appointments", "calendar", range],
    queryFn: () => getCalendar(range),
    staleTime: APPOINTMENT_LIST_STALE_MS,
    placeholderData: keepPreviousData,
  });

export const useCalendar = (range: CalendarRange | null) =>
  useQuery({
    ...calendarQueryOptions(range ?? { from: "", to: "", consultantIds: [] }),
    enabled: range !== null && range.consultantIds.length > 0,
  });
