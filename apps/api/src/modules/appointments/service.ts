import type { AppDeps } from "../../deps";

// Built by the appointments issue.
export function createAppointmentService(_deps: AppDeps) {
  return {};
}
export type AppointmentService = ReturnType<typeof createAppointmentService>;
