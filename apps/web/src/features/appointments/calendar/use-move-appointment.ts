import { useQueryClient } from "@tanstack/react-query";
import type { Appointment } from "@visadesk/contract/appointments";
import { appointmentMessages as messages, withSeconds } from "@visadesk/contract/appointments-constants";
import { useState } from "react";
import { errorMessage } from "@/lib/http";
import { notify } from "@/lib/toast";
import { appointmentsQueryOptions } from "../api/get-appointments";
import { updateAppointment } from "../api/update-appointment";
import { updateBodyOf } from "../appointment-body";
import { wallClockOf } from "./calendar-events";

/** An appointment dragged to another time: saved, or put back with the server's reason on screen. */
export function useMoveAppointment() {
  const queryClient = useQueryClient();
  const [dropFailure, setDropFailure] = useState<string | null>(null);

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

  return { moveAppointment, dropFailure, dismissDropFailure: () => setDropFailure(null) };
}
