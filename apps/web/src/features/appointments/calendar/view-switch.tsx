// Its Mantine styles come with it: the screens that do not use it never load them.
import "@mantine/core/styles/SegmentedControl.css";
import { SegmentedControl } from "@mantine/core";
import { useSearchParams } from "react-router";

export type AppointmentsView = "list" | "calendar";

/** Which view of the appointments the URL asks for (?view=calendar); the list by default. */
export function useAppointmentsView(): AppointmentsView {
  const [params] = useSearchParams();
  return params.get("view") === "calendar" ? "calendar" : "list";
}

/** List | Calendar above the appointments; each switch is a history entry, so Back returns to the other. */
export function AppointmentsViewSwitch() {
  const [, setParams] = useSearchParams();
  const view = useAppointmentsView();
  return (
    <SegmentedControl
      aria-label="Appointments view"
      value={view}
      onChange={(next) =>
        setParams((current) => {
          const updated = new URLSearchParams(current);
          if (next === "calendar") updated.set("view", "calendar");
          else updated.delete("view");
          return updated;
        })
      }
      data={[
        { value: "list", label: "List" },
        { value: "calendar", label: "Calendar" },
      ]}
    />
  );
}
