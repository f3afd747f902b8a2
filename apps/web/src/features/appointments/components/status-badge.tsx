import { Badge } from "@mantine/core";
import type { AppointmentStatus } from "@visadesk/contract/appointments-constants";

// Dark shades (and auto contrast on yellow) keep the text readable: WCAG AA contrast.
const colors: Record<AppointmentStatus, string> = {
  Pending: "yellow",
  Confirmed: "teal.9",
  Cancelled: "red.9",
};

export function StatusBadge({ status }: { status: AppointmentStatus }) {
  return (
    <Badge color={colors[status]} autoContrast variant="filled">
      {status}
    </Badge>
  );
}
