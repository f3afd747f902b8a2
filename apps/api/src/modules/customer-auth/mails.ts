import { EMAIL_CODE_MINUTES } from "@visadesk/contract/customer-auth";
import type { Mail } from "#api/lib/mailer";

/*
 * Mails of the customer's public forms go to whatever address was typed: they hold fixed text and the code,
 * nothing else the sender typed (a name could be a message to a victim).
 */

/** The code that proves the address, and a link that carries it. */
export const verificationCodeMail = (to: string, code: string, link: string, company: string): Mail => ({
  to,
  subject: `Your ${company} code: ${code}`,
  text: `Hello,\n\nYour code to verify this email address is ${code}. It works for ${EMAIL_CODE_MINUTES} minutes.\n\nOr open this link:\n${link}\n\nIf you did not sign up to ${company}, you can ignore this email.`,
});

/** To the owner of an address or CNIC already registered, when someone signs up with it again. */
export const alreadyRegisteredMail = (to: string, company: string): Mail => ({
  to,
  subject: `Someone tried to sign up to ${company} with your details`,
  text: `Hello,\n\nSomeone tried to create a ${company} account with this email address, but an account with these details already exists. No new account was created.\n\nIf it was you, sign in with your existing account, or use "Forgot password". If it was not you, you can ignore this email.`,
});
