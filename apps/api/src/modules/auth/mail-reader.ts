import type { Executor } from "#api/db/schema";
import { type MailReader, mailReaderOf } from "#api/lib/customer-mail-i18n";
import * as accounts from "../users/account-records";

/** Who reads the account's mails: its language and time zone (an account not found reads English). */
export async function mailReaderOfAccount(db: Executor, guidId: string): Promise<MailReader> {
  return mailReaderOf((await accounts.findMailSettings(db, guidId)) ?? { language: null, timeZone: null });
}
