import type { AppDeps } from "../../deps";

// Built by the users issue.
export function createUserService(_deps: AppDeps) {
  return {};
}
export type UserService = ReturnType<typeof createUserService>;
