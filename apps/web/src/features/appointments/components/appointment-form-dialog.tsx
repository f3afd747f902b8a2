// Its Mantine styles come with it: the screens that do not use it never load them.
import "@mantine/core/styles/Combobox.css";
import "@mantine/core/styles/InlineInput.css";
import "@mantine/core/styles/Switch.css";
import type { Appointment } from "@visadesk/contract/appointments";
import { useState } from "react";
import { Dialog } from "@/components/dialog";
import { useDialogCloseGuard } from "@/components/dialog-close-guard";
import { AppointmentForm } from "./appointment-form/appointment-form";
import type { AppointmentPrefill } from "./appointment-form/form-values";

interface AppointmentFormDialogProps {
  opened: boolean;
  onClose: () => void;
  /** Edit mode when given; create mode otherwise. */
  appointment?: Appointment | undefined;
  /** Create mode: the consultant, date and time already chosen (a free slot clicked in the calendar). */
  prefill?: AppointmentPrefill | undefined;
}

/** The Create New Appointment and Edit Appointment dialogs. */
export function AppointmentFormDialog({ opened, onClose, appointment, prefill }: AppointmentFormDialogProps) {
  /** The stored appointment taken in by Reload after a refused save; the form restarts from it. */
  const [reloaded, setReloaded] = useState<Appointment | null>(null);
  const shown = reloaded && appointment && reloaded.id === appointment.id ? reloaded : appointment;
  const close = () => {
    setReloaded(null);
    onClose();
  };
  const guard = useDialogCloseGuard(close);
  return (
    <>
      <Dialog
        opened={opened}
        {...guard.modalProps}
        title={appointment ? "Edit Appointment" : "Create New Appointment"}
        size="lg"
        closeButtonProps={{ "aria-label": "Close" }}
      >
        {guard.scope(
          <AppointmentForm
            key={
              shown
                ? `${shown.id}@${shown.version}`
                : `new@${prefill?.consultant?.guidId}@${prefill?.appointmentDate}@${prefill?.appointmentTime}`
            }
            appointment={shown}
            prefill={shown ? undefined : prefill}
            onDone={close}
            onCancel={guard.requestClose}
            onReload={setReloaded}
          />,
        )}
      </Dialog>
      {guard.prompt}
    </>
  );
}
