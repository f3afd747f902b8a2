import { useMutation, useQueryClient } from "@tanstack/react-query";
import { appointmentEndpoints } from "@visadesk/contract/appointments-endpoints";
import type { Attendance } from "@visadesk/contract/scheduling-constants";
import { call } from "@/lib/api-client";
import { appointmentsQueryOptions } from "./get-appointments";

/** POST userAppointment/{id}/attendance: refused (400, with the reason) before the appointment starts. */
export const recordAttendance = ({ id, attendance }: { id: number; attendance: Attendance | null }) =>
  call(
    appointmentEndpoints.recordAttendance,
    { params: { id: String(id) }, body: { attendance } },
    { silent: true },
  );

export function useRecordAttendance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordAttendance,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: appointmentsQueryOptions().queryKey }),
  });
}
