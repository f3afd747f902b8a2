import { Text } from "@mantine/core";
import type { Appointment } from "@visadesk/contract/appointments";
import { deletedName } from "@visadesk/contract/deletion-constants";
import { customerLabel } from "../format";

/** The customer's name as the appointment gives it ("N/A" without one); a deleted customer says so. */
export const customerNameLabel = (appointment: Pick<Appointment, "customerName" | "customerDeleted">) => {
  if (!appointment.customerName) return "N/A";
  return appointment.customerDeleted ? deletedName(appointment.customerName) : appointment.customerName;
};

/** The list's User column: the customer's name above their email (the spec's content of the column). */
export function CustomerCell({ appointment }: { appointment: Appointment }) {
  return (
    <div>
      {appointment.customerName ? (
        <Text size="sm" fw={500} truncate="end" maw={240} title={customerNameLabel(appointment)}>
          {customerNameLabel(appointment)}
        </Text>
      ) : null}
      <Text size="sm" truncate="end" maw={240} title={customerLabel(appointment)}>
        {customerLabel(appointment)}
      </Text>
    </div>
  );
}
