import type { Db } from "#api/db/database";
import type { BackgroundTasks } from "#api/lib/background";
import type { Clock } from "#api/lib/clock";
import type { Mailer } from "#api/lib/mailer";
import type { CustomerTokens } from "./tokens";

/** What the customer sign-up, sign-in and session use cases are given. */
export interface CustomerAuthDeps {
  db: Db;
  clock: Clock;
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
}
