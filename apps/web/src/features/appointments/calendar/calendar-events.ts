import type { Appointment } from "@visadesk/contract/appointments";
import type { AppointmentStatus } from "@visadesk/contract/appointments-constants";
import type { Calendar } from "@visadesk/contract/calendar";
import { consultantLabel, shortDate, shortTime } from "../format";

/**
 * One colour per chosen consultant, in the order they were chosen (as many as CALENDAR_MAX_CONSULTANTS):
 * dark shades that keep white text at WCAG AA (4.5:1) in both schemes. The consultant's name is in every
 * event's text too, so colour is never the only cue.
 */
export const CONSULTANT_COLORS = [
  "var(--mantine-color-indigo-9)",
  "var(--mantine-color-teal-9)",
  "var(--mantine-color-grape-9)",
  "var(--mantine-color-red-9)",
  "var(--mantine-color-cyan-9)",
  "var(--mantine-color-violet-9)",
  "var(--mantine-color-pink-9)",
  "var(--mantine-color-blue-9)",
  "var(--mantine-color-gray-8)",
  "#8a5a00",
] as const;

/** A consultant's colour: its place among the calendar's consultants. */
export function consultantColor(calendar: Pick<Calendar, "consultants">, consultantId: string) {
  const index = calendar.consultants.findIndex((consultant) => consultant.consultantId === consultantId);
  return CONSULTANT_COLORS[Math.max(0, index) % CONSULTANT_COLORS.length]!;
}

/**
 * How an event draws its status besides saying it: a pending one dashed, a confirmed one solid, a cancelled
 * one struck through (calendar-palette.css).
 */
export const STATUS_CLASSES: Record<AppointmentStatus, string> = {
  Pending: "appointment-pending",
  Confirmed: "appointment-confirmed",
  Cancelled: "appointment-cancelled",
};

/** What an appointment's event says, read out as its name: time, status, customer, consultant. */
export const eventText = (appointment: Appointment) =>
  `${shortTime(appointment.appointmentTime)} ${appointment.status}: ${appointment.userEmail ?? "N/A"} with ${consultantLabel(
    appointment,
  )}`;

/** "2030-03-11T09:30:00": wall-clock in the consultant's zone, which the calendar shows as it is. */
const wallClock = (date: string, time: string) => `${date}T${shortTime(time)}:00`;

/** The next calendar date of a YYYY-MM-DD date. */
export const nextDate = (date: string) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/**
 * The calendar's events: one per appointment, in its consultant's colour, at its consultant's wall-clock time and lasting its slot
 * (cancelled ones cannot be dragged: they hold no slot), and each consultant's time off as a background.
 */
export function calendarEvents(calendar: Calendar) {
  const appointments = calendar.appointments.map((appointment) => {
    const minutes = Math.max(
      calendar.slotMinutes,
      Math.round((Date.parse(appointment.endsAt) - Date.parse(appointment.startsAt)) / 60_000),
    );
    const start = wallClock(appointment.appointmentDate, appointment.appointmentTime);
    const end = new Date(Date.parse(`${start}Z`) + minutes * 60_000).toISOString().slice(0, 19);
    const color = consultantColor(calendar, appointment.consultantId);
    return {
      id: appointment.guidId,
      title: eventText(appointment),
      start,
      end,
      color,
      contrastColor: "#ffffff",
      editable: !appointment.isCancelled,
      className: STATUS_CLASSES[appointment.status],
      extendedProps: { appointment },
    };
  });
  const timeOff = calendar.consultants.flatMap((consultant) =>
    consultant.timeOff.map((away) => ({
      id: `time-off-${consultant.consultantId}-${away.from}`,
      title: `Time off: ${consultant.name ?? consultant.consultantId}`,
      start: away.from,
      end: nextDate(away.to),
      allDay: true,
      display: "background",
      className: "consultant-time-off",
    })),
  );
  return [...appointments, ...timeOff];
}

/**
 * The working hours shaded as open: every chosen consultant's, together (the calendar shades the times
 * none of them works).
 */
export const businessHoursOf = (calendar: Calendar) =>
  calendar.consultants.flatMap((consultant) =>
    consultant.hours.map((range) => ({
      daysOfWeek: [range.weekday],
      startTime: range.start,
      endTime: range.end,
    })),
  );

/** Time off in words, beside the calendar: "Amina Khan: 14 Mar 2030 to 20 Mar 2030 (Conference)". */
export const timeOffTexts = (calendar: Calendar) =>
  calendar.consultants.flatMap((consultant) =>
    consultant.timeOff.map(
      (away) =>
        `${consultant.name ?? consultant.consultantId}: ${shortDate(away.from)}${
          away.to === away.from ? "" : ` to ${shortDate(away.to)}`
        }${away.reason ? ` (${away.reason})` : ""}`,
    ),
  );

/** "2030-03-11" and "09:30" of a calendar date read in UTC (the calendar runs in UTC: wall-clock as is). */
export function wallClockOf(date: Date) {
  const iso = date.toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) };
}
