import { Button, Group, Title } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { useSearchParams } from "react-router";
import { ACTION_COLOR } from "../format";
import { rememberedCalendar } from "./calendar-params";

export type AppointmentsView = "list" | "calendar";

/** Which view of the appointments the URL asks for (?view=calendar); the list by default. */
/** The view an address asks for (?view=calendar), the list otherwise. */
export const appointmentsViewOf = (search: URLSearchParams): AppointmentsView =>
  search.get("view") === "calendar" ? "calendar" : "list";

export function useAppointmentsView(): AppointmentsView {
  const [params] = useSearchParams();
  return appointmentsViewOf(params);
}

const VIEWS = [
  { value: "list", label: "List" },
  { value: "calendar", label: "Calendar" },
] as const;

/**
 * List | Calendar above the appointments; each switch is a history entry, so Back returns to the other. The
 * calendar opens on the consultants it last showed in this browser.
 * Two toggle buttons (the list already loads Button): the list's own chunk stays as small as it was.
 */
export function AppointmentsViewSwitch() {
  const [, setParams] = useSearchParams();
  const view = useAppointmentsView();
  return (
    <Button.Group aria-label="Appointments view">
      {VIEWS.map(({ value, label }) => (
        <Button
          key={value}
          variant={view === value ? "filled" : "default"}
          color={ACTION_COLOR}
          aria-pressed={view === value}
          onClick={() =>
            setParams((current) => {
              const updated = new URLSearchParams(current);
              if (value === "calendar") {
                updated.set("view", "calendar");
                // It opens where it was last left (its consultants and view), not on an empty grid.
                const last = updated.has("consultants") ? null : rememberedCalendar();
                if (last) {
                  updated.set("consultants", last.consultants.join(","));
                  updated.set("mode", last.mode);
                }
              } else updated.delete("view");
              return updated;
            })
          }
        >
          {label}
        </Button>
      ))}
    </Button.Group>
  );
}

/** The appointments screen's heading row, the same in both views: title, List | Calendar, New Appointment. */
export function AppointmentsHeader({ onNew }: { onNew: () => void }) {
  return (
    <Group justify="space-between">
      <Title order={1} size="h2">
        User Appointments
      </Title>
      <AppointmentsViewSwitch />
      <Button color={ACTION_COLOR} leftSection={<IconPlus size={16} aria-hidden />} onClick={onNew}>
        New Appointment
      </Button>
    </Group>
  );
}
