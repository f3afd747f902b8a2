import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { APPOINTMENT_LIST_STALE_MS } from "@visadesk/contract/appointments-constants";
import { appointmentEndpoints } from "@visadesk/contract/appointments-endpoints";
import { call } from "@/lib/api-client";

export interface CalendarRange {
  /** The first and last dates shown, both inclusive. */
  from: string;
  to: string;
  consultantIds: string[];
}

/** GET userAppointment/calendar: the range's appointments with the consultants' hours and time off. */
export const getCalendar = ({ from, to, consultantIds }: CalendarRange) =>
  call(
    appointmentEndpoints.calendar,
    { query: { from, to, consultantIds: consultantIds.join(",") } },
    { silent: true },
  );

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
