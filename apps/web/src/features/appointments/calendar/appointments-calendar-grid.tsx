// The calendar's library and styles load with this chunk only: the list never downloads them.
import "@fullcalendar/react/skeleton.css";
import "@fullcalendar/react/themes/classic/theme.css";
import FullCalendar, { type CalendarRef } from "@fullcalendar/react";
import dayGridPlugin from "@fullcalendar/react/daygrid";
import interactionPlugin from "@fullcalendar/react/interaction";
import classicThemePlugin from "@fullcalendar/react/themes/classic";
import timeGridPlugin from "@fullcalendar/react/timegrid";
import { Box, useComputedColorScheme } from "@mantine/core";
import type { Appointment } from "@visadesk/contract/appointments";
import type { Calendar } from "@visadesk/contract/calendar";
import { useEffect, useMemo, useRef } from "react";
import { FIRST_DAY_OF_WEEK } from "../week";
import { businessHoursOf, calendarEvents, wallClockOf } from "./calendar-events";
import { type CalendarMode, VIEW_OF_MODE } from "./calendar-params";

/** The earliest and latest hour the time grid shows: the working hours and every appointment fit in. */
function shownHours(calendar: Calendar | undefined) {
  let first = 8 * 60;
  let last = 20 * 60;
  const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
  for (const consultant of calendar?.consultants ?? []) {
    for (const range of consultant.hours) {
      first = Math.min(first, minutes(range.start));
      last = Math.max(last, minutes(range.end));
    }
  }
  for (const appointment of calendar?.appointments ?? []) {
    const start = minutes(appointment.appointmentTime);
    first = Math.min(first, start);
    last = Math.max(last, start + (calendar?.slotMinutes ?? 30));
  }
  const hour = (value: number) => `${String(Math.min(24, value / 60)).padStart(2, "0")}:00:00`;
  return { min: hour(Math.floor(first / 60) * 60), max: hour(Math.ceil(last / 60) * 60) };
}

/**
 * The days and hours with the appointments on them: a click opens one, a click on an empty time books
 * there, and an appointment dragged to another time moves.
 */
export function AppointmentsCalendarGrid({
  data,
  mode,
  date,
  loading,
  onOpen,
  onBook,
  onMove,
}: {
  data: Calendar | undefined;
  mode: CalendarMode;
  date: string;
  loading: boolean;
  onOpen: (appointment: Appointment) => void;
  /** A free time clicked (no time in the month grid: the person picks one). */
  onBook: (at: { date: string; time?: string | undefined }) => void;
  onMove: (appointment: Appointment, start: Date, revert: () => void) => void;
}) {
  const calendarRef = useRef<CalendarRef | null>(null);
  const colorScheme = useComputedColorScheme("light");
  const events = useMemo(() => (data ? calendarEvents(data) : []), [data]);
  const businessHours = useMemo(() => (data ? businessHoursOf(data) : []), [data]);
  const hours = shownHours(data);

  // Back and Forward (or a link) change the URL: the calendar follows it.
  useEffect(() => {
    calendarRef.current?.getApi().changeView(VIEW_OF_MODE[mode], date);
  }, [mode, date]);

  return (
    <Box aria-busy={loading} className="appointments-calendar">
      <FullCalendar
        ref={calendarRef}
        plugins={[classicThemePlugin, dayGridPlugin, timeGridPlugin, interactionPlugin]}
        initialView={VIEW_OF_MODE[mode]}
        initialDate={date}
        // Wall-clock times as the consultants keep them: the calendar shows them as they are.
        timeZone="UTC"
        headerToolbar={false}
        // Monday, as the list's This week: one week for both (week.ts).
        firstDay={FIRST_DAY_OF_WEEK}
        colorScheme={colorScheme}
        height="auto"
        allDaySlot={false}
        slotMinTime={hours.min}
        slotMaxTime={hours.max}
        slotDuration="00:30:00"
        slotHeaderFormat={{ hour: "2-digit", minute: "2-digit", hour12: false }}
        eventTimeFormat={{ hour: "2-digit", minute: "2-digit", hour12: false }}
        businessHours={businessHours.length > 0 ? businessHours : false}
        events={events}
        editable
        eventDurationEditable={false}
        eventInteractive
        // Blocks in the month too: a dot beside text would put the status colour's text on the page.
        eventDisplay="block"
        eventContent={(info) => <div className="appointment-event-text">{info.event.title}</div>}
        eventClick={(info) => {
          const appointment = info.event.extendedProps.appointment as Appointment | undefined;
          if (appointment) onOpen(appointment);
        }}
        dateClick={(info) => {
          const at = wallClockOf(info.date);
          // The month grid's days have no time: the person picks one.
          onBook({ date: at.date, time: info.allDay ? undefined : at.time });
        }}
        eventDrop={(info) => {
          const appointment = info.event.extendedProps.appointment as Appointment | undefined;
          if (!appointment || !info.event.start) return info.revert();
          onMove(appointment, info.event.start, info.revert);
        }}
      />
    </Box>
  );
}
