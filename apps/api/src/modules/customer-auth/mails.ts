import { type CustomerLanguage, EMAIL_CODE_MINUTES } from "@visadesk/contract/customer-auth";
import { customerMail, t } from "#api/lib/customer-mail-i18n";
import type { Mail } from "#api/lib/mailer";

/*
 * Mails of the customer's public forms go to whatever address was typed: they hold fixed text and the code,
 * nothing else the sender typed (a name could be a message to a victim). Their texts are the customer
 * mails' catalogue's (lib/customer-mail-i18n.ts).
 */

/** The code that proves the address, and a link to the customer site that carries it. */
export const verificationCodeMail = (
  to: string,
  language: CustomerLanguage,
  code: string,
  link: string,
  company: string,
): Mail =>
  customerMail(to, language, t(language, "verificationCode.subject", { company, code }), [
    t(language, "verificationCode.body", { code, minutes: EMAIL_CODE_MINUTES, link, company }),
  ]);

/** The one mail after an erasure: to the address the account had, saying it is done; it names nothing else. */
export const erasedMail = (to: string, language: CustomerLanguage, company: string): Mail =>
  customerMail(to, language, t(language, "erased.subject", { company }), [
    t(language, "erased.body", { company }),
  ]);

/** To the owner of an address that has an account, when someone signs up with it: it names nothing else. */
export const alreadyRegisteredMail = (to: string, language: CustomerLanguage, company: string): Mail =>
  customerMail(to, language, t(language, "alreadyRegistered.subject", { company }), [
    t(language, "alreadyRegistered.body", { company }),
  ]);
