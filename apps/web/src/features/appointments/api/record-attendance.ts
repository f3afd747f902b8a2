import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Appointment } from "@visadesk/contract/appointments";
import type { Attendance } from "@visadesk/contract/scheduling";
import { http } from "@/lib/http";
import { appointmentsQueryOptions } from "./get-appointments";

/** POST userAppointment/{id}/attendance: refused (400, with the reason) before the appointment starts. */
export async function recordAttendance({ id, attendance }: { id: number; attendance: Attendance | null }) {
  const response = await http.post<Appointment>(
    `userAppointment/${id}/attendance`,
    { attendance },
    { silent: true },
  );
  return response.data;
}

export function useRecordAttendance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordAttendance,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: appointmentsQueryOptions().queryKey }),
  });
}
