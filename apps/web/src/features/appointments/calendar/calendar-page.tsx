// The legend's and the grid's colours (the grid's library and styles load with the grid).
import "./calendar-palette.css";
import { Alert, Box, Group, Paper, Stack, Text } from "@mantine/core";
import type { Appointment } from "@visadesk/contract/appointments";
import { appointmentMessages as messages } from "@visadesk/contract/appointments-constants";
import { lazy, Suspense, useEffect, useMemo, useState } from "react";
import { LoadErrorState } from "@/components/list-table";
import { LoadingState } from "@/components/loading-state";
import type { ConsultantOption } from "../api/get-consultant-options";
import { AppointmentDetailsDialog } from "../components/appointment-details-dialog";
import type { AppointmentPrefill } from "../components/appointment-form/form-values";
import { AppointmentFormDialog } from "../components/appointment-form-dialog";
import { todayLocal } from "../format";
import { consultantColor, timeOffTexts } from "./calendar-events";
import { CalendarLegend } from "./calendar-legend";
import { rememberCalendar, useCalendarParams } from "./calendar-params";
import { visibleRange } from "./calendar-range";
import { CalendarToolbar } from "./calendar-toolbar";
import { ConsultantsMultiSelect } from "./consultants-multi-select";
import { useCalendar } from "./get-calendar";
import { NoFreeTimes } from "./no-free-times";
import { useMoveAppointment } from "./use-move-appointment";
import { AppointmentsHeader } from "./view-switch";

// The grid (the calendar's library, most of its download) loads once there are consultants to show, or as
// soon as the consultants' select is pointed at or reached.
const loadGrid = () => import("./appointments-calendar-grid");
const AppointmentsCalendarGrid = lazy(() =>
  loadGrid().then((module) => ({ default: module.AppointmentsCalendarGrid })),
);
const preloadGrid = () => void loadGrid().catch(() => undefined);

type Dialog =
  | { kind: "create"; prefill?: AppointmentPrefill }
  | { kind: "edit" | "details"; appointment: Appointment };

/** The appointments calendar (?view=calendar): day, week and month views of one or several consultants. */
export default function AppointmentsCalendarPage() {
  const { date, mode, consultants, setCalendar } = useCalendarParams();
  const range = useMemo(
    () => ({ ...visibleRange(mode, date), consultantIds: consultants }),
    [mode, date, consultants],
  );
  const calendar = useCalendar(range);
  const data = calendar.data;
  const { moveAppointment, dropFailure, dismissDropFailure } = useMoveAppointment();

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

  /** The consultants chosen, named by the calendar's answer (kept while another range loads). */
  const chosen: ConsultantOption[] = consultants.map((guidId) => ({
    guidId,
    name: data?.consultants.find((consultant) => consultant.consultantId === guidId)?.name ?? guidId,
  }));
  const firstConsultant = chosen[0];
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
          <Group
            align="flex-end"
            wrap="wrap"
            justify="space-between"
            onPointerEnter={preloadGrid}
            onFocusCapture={preloadGrid}
          >
            <ConsultantsMultiSelect
              value={chosen}
              onChange={(next) => setCalendar({ consultants: next.map((consultant) => consultant.guidId) })}
            />
            <CalendarLegend
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
              onClose={dismissDropFailure}
              closeButtonLabel="Dismiss"
            >
              {dropFailure}
            </Alert>
          ) : null}
          <CalendarToolbar mode={mode} date={date} onChange={setCalendar} />
          {consultants.length > 0 && (
            <Suspense fallback={<LoadingState text="Loading calendar..." minHeight={200} />}>
              <AppointmentsCalendarGrid
                data={data}
                mode={mode}
                date={date}
                loading={calendar.isFetching}
                onOpen={(appointment) => setDialog({ kind: "details", appointment })}
                onBook={(at) =>
                  setDialog({
                    kind: "create",
                    prefill: {
                      consultant: firstConsultant,
                      appointmentDate: at.date,
                      appointmentTime: at.time,
                    },
                  })
                }
                onMove={(appointment, start, revert) => void moveAppointment(appointment, start, revert)}
              />
            </Suspense>
          )}
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
