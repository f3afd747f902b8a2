import type { AppDeps } from "../../deps";

// Built by the consultants issue.
export function createConsultantService(_deps: AppDeps) {
  return {};
}
export type ConsultantService = ReturnType<typeof createConsultantService>;
