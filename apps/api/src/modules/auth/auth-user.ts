import type { Role } from "@visadesk/contract/roles";

/** The signed-in back-office user of a request. */
export interface AuthUser {
  id: number;
  guidId: string;
  userName: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  role: Role;
  sessionId: string;
  /** A one-time password not yet replaced: only routes that allow it answer. */
  isPasswordTemporary: boolean;
  /** A second factor is enrolled; with REQUIRE_MFA and none, only enrolment routes answer. */
  isMfaEnabled: boolean;
}
