// The calendar's library and styles load with this chunk only: the list never downloads them.
import "@fullcalendar/react/skeleton.css";
import "@fullcalendar/react/themes/classic/theme.css";
import "./calendar-palette.css";
// Day | Week | Month: Mantine's segmented control brings its own styles (without them it is bare radios).
import "@mantine/core/styles/SegmentedControl.css";
import FullCalendar, { type CalendarRef } from "@fullcalendar/react";
import dayGridPlugin from "@fullcalendar/react/daygrid";
import interactionPlugin from "@fullcalendar/react/interaction";
import classicThemePlugin from "@fullcalendar/react/themes/classic";
import timeGridPlugin from "@fullcalendar/react/timegrid";
import {
  ActionIcon,
  Alert,
  Box,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Title,
  Tooltip,
  useComputedColorScheme,
} from "@mantine/core";
import { IconChevronLeft, IconChevronRight } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import type { Appointment } from "@visadesk/contract/appointments";
import {
  APPOINTMENT_STATUSES,
  appointmentMessages as messages,
  withSeconds,
} from "@visadesk/contract/appointments-constants";
import { useEffect, useMemo, useRef, useState } from "react";
import { LoadErrorState } from "@/components/list-table";
import { errorMessage } from "@/lib/http";
import { notify } from "@/lib/toast";
import { appointmentsQueryOptions } from "../api/get-appointments";
import type { ConsultantOption } from "../api/get-consultant-options";
import { updateAppointment } from "../api/update-appointment";
import { updateBodyOf } from "../appointment-body";
import { AppointmentDetailsDialog } from "../components/appointment-details-dialog";
import { AppointmentFormDialog, type AppointmentPrefill } from "../components/appointment-form-dialog";
import { todayLocal } from "../format";
import { FIRST_DAY_OF_WEEK } from "../week";
import {
  businessHoursOf,
  calendarEvents,
  consultantColor,
  timeOffTexts,
  wallClockOf,
} from "./calendar-events";
import {
  CALENDAR_MODES,
  type CalendarMode,
  rememberCalendar,
  useCalendarParams,
  VIEW_OF_MODE,
} from "./calendar-params";
import { rangeTitle, stepDate, visibleRange } from "./calendar-range";
import { ConsultantsMultiSelect } from "./consultants-multi-select";
import { useCalendar } from "./get-calendar";
import { NoFreeTimes } from "./no-free-times";
import { AppointmentsHeader } from "./view-switch";

type Dialog =
  | { kind: "create"; prefill?: AppointmentPrefill }
  | { kind: "edit" | "details"; appointment: Appointment };

const MODE_LABELS: Record<CalendarMode, string> = { day: "Day", week: "Week", month: "Month" };

/** The earliest and latest hour the time grid shows: the working hours and every appointment fit in. */
function shownHours(calendar: ReturnType<typeof useCalendar>["data"]) {
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

/** The appointments calendar (?view=calendar): day, week and month views of one or several consultants. */
export default function AppointmentsCalendarPage() {
  const { date, mode, consultants, setCalendar } = useCalendarParams();
  const queryClient = useQueryClient();
  const calendarRef = useRef<CalendarRef | null>(null);
  const colorScheme = useComputedColorScheme("light");
  const range = useMemo(
    () => ({ ...visibleRange(mode, date), consultantIds: consultants }),
    [mode, date, consultants],
  );
  const calendar = useCalendar(range);
  const data = calendar.data;
  const events = useMemo(() => (data ? calendarEvents(data) : []), [data]);
  const businessHours = useMemo(() => (data ? businessHoursOf(data) : []), [data]);
  const hours = shownHours(data);
  const [dropFailure, setDropFailure] = useState<string | null>(null);

  // The last dialog stays rendered while it closes, so its content does not vanish mid-transition.
  const [dialog, setDialogState] = useState<Dialog | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const setDialog = (next: Dialog) => {
    setDialogState(next);
    setDialogOpen(true);
  };

  // The consultants shown are where the calendar opens next time (see AppointmentsViewSwitch).
  useEffect(() => {
    if (consultants.length > 0) rememberCalendar({ consultants, mode });
  }, [consultants, mode]);

  // Back and Forward (or a link) change the URL: the calendar follows it.
  useEffect(() => {
    calendarRef.current?.getApi().changeView(VIEW_OF_MODE[mode], date);
  }, [mode, date]);

  /** The consultants chosen, named by the calendar's answer (kept while another range loads). */
  const chosen: ConsultantOption[] = consultants.map((guidId) => ({
    guidId,
    name: data?.consultants.find((consultant) => consultant.consultantId === guidId)?.name ?? guidId,
  }));
  const firstConsultant = chosen[0];

  async function moveAppointment(appointment: Appointment, start: Date, revert: () => void) {
    const moved = wallClockOf(start);
    setDropFailure(null);
    try {
      await updateAppointment(
        updateBodyOf(appointment, { appointmentDate: moved.date, appointmentTime: withSeconds(moved.time) }),
      );
      notify.success(messages.updated);
    } catch (error) {
      // The server's rules (taken slot, outside the hours, stale version) refused it: it goes back.
      revert();
      const reason = errorMessage(error) || messages.updateFailed;
      setDropFailure(reason);
      notify.error(reason);
    } finally {
      await queryClient.invalidateQueries({ queryKey: appointmentsQueryOptions().queryKey });
    }
  }

  const timeOff = data ? timeOffTexts(data) : [];

  return (
    <Stack gap="md">
      <AppointmentsHeader
        onNew={() =>
          setDialog({
            kind: "create",
            prefill: {
              consultant: firstConsultant,
              appointmentDate: date >= todayLocal() ? date : undefined,
            },
          })
        }
      />
      <Paper withBorder p="md">
        <Stack gap="md">
          <Group align="flex-end" wrap="wrap" justify="space-between">
            <ConsultantsMultiSelect
              value={chosen}
              onChange={(next) => setCalendar({ consultants: next.map((consultant) => consultant.guidId) })}
            />
            <Legend
              consultants={chosen.map((consultant) => ({
                ...consultant,
                color: consultantColor(data ?? { consultants: [] }, consultant.guidId),
              }))}
            />
          </Group>
          {consultants.length === 0 && (
            <Text c="dimmed">
              Choose one or more consultants to see their appointments, hours and time off.
            </Text>
          )}
          {timeOff.length > 0 && (
            <Box>
              <Text size="sm" fw={500}>
                Time off
              </Text>
              <Box component="ul" m={0} pl="lg">
                {timeOff.map((text) => (
                  <Text component="li" size="sm" key={text}>
                    {text}
                  </Text>
                ))}
              </Box>
            </Box>
          )}
          <NoFreeTimes calendar={data} today={todayLocal()} />
          {calendar.isError ? (
            <LoadErrorState
              texts={{ title: messages.loadErrorTitle, text: messages.loadErrorText }}
              query={calendar}
            />
          ) : null}
          {dropFailure ? (
            <Alert
              color="red"
              title="The appointment was not moved"
              withCloseButton
              onClose={() => setDropFailure(null)}
              closeButtonLabel="Dismiss"
            >
              {dropFailure}
            </Alert>
          ) : null}
          <Group justify="space-between" wrap="wrap">
            <Group gap="xs">
              <Tooltip label="Previous">
                <ActionIcon
                  variant="default"
                  size="lg"
                  aria-label={`Previous ${mode}`}
                  onClick={() => setCalendar({ date: stepDate(mode, date, -1) })}
                >
                  <IconChevronLeft size={18} aria-hidden />
                </ActionIcon>
              </Tooltip>
              <Button variant="default" onClick={() => setCalendar({ date: todayLocal() })}>
                Today
              </Button>
              <Tooltip label="Next">
                <ActionIcon
                  variant="default"
                  size="lg"
                  aria-label={`Next ${mode}`}
                  onClick={() => setCalendar({ date: stepDate(mode, date, 1) })}
                >
                  <IconChevronRight size={18} aria-hidden />
                </ActionIcon>
              </Tooltip>
            </Group>
            <Title order={2} size="h4" aria-live="polite">
              {rangeTitle(mode, date)}
            </Title>
            <SegmentedControl
              aria-label="Calendar view"
              value={mode}
              onChange={(next) => setCalendar({ mode: next as CalendarMode })}
              data={CALENDAR_MODES.map((value) => ({ value, label: MODE_LABELS[value] }))}
            />
          </Group>
          <Box aria-busy={calendar.isFetching} className="appointments-calendar">
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
                if (appointment) setDialog({ kind: "details", appointment });
              }}
              dateClick={(info) => {
                const at = wallClockOf(info.date);
                setDialog({
                  kind: "create",
                  prefill: {
                    consultant: firstConsultant,
                    appointmentDate: at.date,
                    // The month grid's days have no time: the person picks one.
                    appointmentTime: info.allDay ? undefined : at.time,
                  },
                });
              }}
              eventDrop={(info) => {
                const appointment = info.event.extendedProps.appointment as Appointment | undefined;
                if (!appointment || !info.event.start) return info.revert();
                void moveAppointment(appointment, info.event.start, info.revert);
              }}
            />
          </Box>
        </Stack>
      </Paper>

      <AppointmentFormDialog
        opened={dialogOpen && (dialog?.kind === "create" || dialog?.kind === "edit")}
        appointment={dialog?.kind === "edit" ? dialog.appointment : undefined}
        prefill={dialog?.kind === "create" ? dialog.prefill : undefined}
        onClose={() => setDialogOpen(false)}
      />
      <AppointmentDetailsDialog
        opened={dialogOpen && dialog?.kind === "details"}
        appointment={dialog?.kind === "details" ? dialog.appointment : null}
        onClose={() => setDialogOpen(false)}
        onReschedule={(appointment) => setDialog({ kind: "edit", appointment })}
        onChanged={(appointment) => setDialog({ kind: "details", appointment })}
      />
    </Stack>
  );
}

/**
 * What the colours and shading mean: each consultant's colour beside their name, and how a status is drawn
 * (every event also says its status and consultant in words).
 */
function Legend({ consultants }: { consultants: Array<ConsultantOption & { color: string }> }) {
  return (
    <Group gap="md" aria-label="Legend" role="group">
      {consultants.map((consultant) => (
        <Group gap={6} key={consultant.guidId}>
          <Box w={14} h={14} style={{ borderRadius: 3, background: consultant.color }} aria-hidden />
          <Text size="sm">{consultant.name}</Text>
        </Group>
      ))}
      {APPOINTMENT_STATUSES.map((status) => (
        <Group gap={6} key={status}>
          <Box w={14} h={14} className={`legend-status legend-status-${status.toLowerCase()}`} aria-hidden />
          <Text size="sm" td={status === "Cancelled" ? "line-through" : undefined}>
            {status}
          </Text>
        </Group>
      ))}
      <Group gap={6}>
        <Box w={14} h={14} className="legend-outside-hours" aria-hidden />
        <Text size="sm">Outside working hours</Text>
      </Group>
      <Group gap={6}>
        <Box w={14} h={14} className="legend-time-off" aria-hidden />
        <Text size="sm">Time off</Text>
      </Group>
    </Group>
  );
}
