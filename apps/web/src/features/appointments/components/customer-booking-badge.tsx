import { Badge } from "@mantine/core";
import type { Appointment } from "@visadesk/contract/appointments";

/** Marks an appointment the customer booked themselves (the customer site or app), not staff for them. */
export function CustomerBookingBadge({
  appointment,
}: {
  appointment: Pick<Appointment, "isBookedByCustomer">;
}) {
  if (!appointment.isBookedByCustomer) return null;
  return (
    <Badge color="teal" variant="light" tt="none">
      Booked by the customer
    </Badge>
  );
}
