import { Badge } from "@mantine/core";
import type { Appointment } from "@visadesk/contract/appointments";

/**
 * Marks an appointment booked knowingly outside the consultant's hours or on time off ("Book anyway");
 * `withWho` names who booked it (the list, where no other line says so).
 */
export function OutsideHoursBadge({
  appointment,
  withWho = false,
}: {
  appointment: Pick<Appointment, "isOutsideHours" | "outsideHoursBy">;
  withWho?: boolean;
}) {
  if (!appointment.isOutsideHours) return null;
  const who = appointment.outsideHoursBy ?? "N/A";
  return (
    // A light orange with dark text (auto contrast): white on orange misses WCAG AA.
    <Badge
      color="orange.4"
      autoContrast
      variant="filled"
      tt="none"
      title={`Booked outside the consultant's hours by ${who}`}
    >
      {withWho ? `Outside hours, by ${who}` : "Outside hours"}
    </Badge>
  );
}
