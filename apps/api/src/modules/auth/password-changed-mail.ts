import type { Executor } from "#api/db/schema";
import { customerMail, mailLanguageOf, t } from "#api/lib/customer-mail-i18n";
import type { Mail } from "#api/lib/mailer";
import { accountFields } from "../users/account-records";

/**
 * To a customer whose password was just changed (by them, signed in) or reset (through a link), in their
 * language: if it was not them, they learn it at once. It names nothing but the company.
 */
export async function passwordChangedMail(
  db: Executor,
  userId: number,
  company: string,
): Promise<Mail | null> {
  const account = await accountFields(db, userId, ["email", "language"]);
  if (!account?.email) return null;
  const language = mailLanguageOf(account.language);
  return customerMail(account.email, language, t(language, "passwordChanged.subject", { company }), [
    t(language, "passwordChanged.body", { company }),
  ]);
}
