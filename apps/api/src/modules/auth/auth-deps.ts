import type { Db } from "#api/db/database";
import type { BackgroundTasks } from "#api/lib/background";
import type { Clock } from "#api/lib/clock";
import type { Mailer } from "#api/lib/mailer";
import type { FileService } from "../files/service";
import type { LoginAttempts } from "./login-attempts";
import type { TokenService } from "./tokens";

export interface AuthServiceDeps {
  db: Db;
  tokens: TokenService;
  clock: Clock;
  mailer: Mailer;
  /** Mails and the writes behind them run after the answer, so its timing tells nothing. */
  background: BackgroundTasks;
  files: FileService;
  tokenTtlMinutes: number;
  /** Names the product in mails. */
  companyName: string;
  /** CUSTOMER_SITE_BASE: an app user's reset link opens the customer site, under it. */
  customerSiteBase: string;
  /** REQUIRE_MFA: an account with no second factor must enrol one before anything else works. */
  requireMfa: boolean;
}

/** What the sign-in, registration and password-reset use cases work with: the settings, and the sign-in counters. */
export interface AuthDeps extends AuthServiceDeps {
  attempts: LoginAttempts;
}
