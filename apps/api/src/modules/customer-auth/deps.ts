import type { Db } from "#api/db/database";
import type { BackgroundTasks } from "#api/lib/background";
import type { Clock } from "#api/lib/clock";
import type { Mailer } from "#api/lib/mailer";
import type { CustomerTokens } from "./tokens";

/** What the customer sign-up, sign-in and session use cases are given. */
export interface CustomerAuthDeps {
  db: Db;
  clock: Clock;
  /** The mails anyone can ask for (codes, the sign-up's notice): capped per recipient (recipient-mail-cap). */
  mailer: Mailer;
  /** Mails and the writes behind them run after the answer, so its timing tells nothing. */
  background: BackgroundTasks;
  tokens: CustomerTokens;
  companyName: string;
  /** Where links in mails point (PUBLIC_URL, never a request's Host). */
  linkOrigin: string;
  /** CUSTOMER_SITE_BASE: the verification link opens the customer site. */
  customerSiteBase: string;
  businessTimeZone: string;
  /** SIGNUP_EXPIRY_HOURS: an unproven sign-up's life. */
  signUpExpiryHours: number;
  /** VERIFY_CODE_DAILY_TRIES: wrong codes a sign-up takes in a day, across resends. */
  verifyCodeDailyTries: number;
}
