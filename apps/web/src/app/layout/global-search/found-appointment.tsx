import type { Appointment } from "@visadesk/contract/appointments";
import { useState } from "react";
import { AppointmentDetailsDialog } from "@/features/appointments/components/appointment-details-dialog";
import { AppointmentFormDialog } from "@/features/appointments/components/appointment-form-dialog";

/** A found appointment opens as the appointments list opens it: its details, and Reschedule from there. */
export default function FoundAppointment({
  appointment: found,
  onClose,
}: {
  appointment: Appointment;
  onClose: () => void;
}) {
  const [appointment, setAppointment] = useState(found);
  const [rescheduling, setRescheduling] = useState(false);
  return (
    <>
      <AppointmentDetailsDialog
        opened={!rescheduling}
        appointment={appointment}
        onClose={onClose}
        onReschedule={(changed) => {
          setAppointment(changed);
          setRescheduling(true);
        }}
        onChanged={setAppointment}
      />
      <AppointmentFormDialog opened={rescheduling} appointment={appointment} onClose={onClose} />
    </>
  );
}
