import type { Db } from "#api/db/database";
import type { Clock } from "#api/lib/clock";
import { createLoginAttempts, type LoginAttempts } from "../login-attempts";
import { createMfaKeys, type MfaKeys } from "../mfa-store";
import type { AuthService } from "../service";

/** Who the passkeys are for: from configuration (PUBLIC_URL or the local address), never a request's headers. */
export interface RelyingParty {
  /** The origin the browser reports, such as https://visadesk.example.com. */
  origin: string;
  name: string;
}

export interface MfaSettings {
  db: Db;
  clock: Clock;
  /** The server's secret (JWT_SECRET or the generated one): the keys of TOTP secrets and recovery codes. */
  serverSecret: string;
  relyingParty: RelyingParty;
  requireMfa: boolean;
  auth: Pick<AuthService, "completeSignIn" | "findAccountById" | "recordFailedSignIn">;
}

/**
 * Two-factor sign-in: an authenticator app (TOTP) with its recovery codes, and passkeys (WebAuthn), which
 * serve as a second factor after the password or alone (passwordless, with user verification).
 * What its use cases work with, built once at start-up: each use case takes the part it needs
 * (`Pick<MfaDeps, ...>`).
 */
export interface MfaDeps extends Omit<MfaSettings, "serverSecret"> {
  keys: MfaKeys;
  attempts: LoginAttempts;
  /** The relying party's id: the host of its origin. */
  rpID: string;
}

export function createMfaDeps({ serverSecret, ...settings }: MfaSettings): MfaDeps {
  return {
    ...settings,
    keys: createMfaKeys(serverSecret),
    attempts: createLoginAttempts({ db: settings.db, clock: settings.clock }),
    rpID: new URL(settings.relyingParty.origin).hostname,
  };
}
