import { createHash, randomBytes } from "node:crypto";
import { AUDIT_SECRET_CHANGED } from "@visadesk/contract/audit";
import type { ResetPasswordResponse } from "@visadesk/contract/auth";
import { authMessages, RESET_TOKEN_TTL_MINUTES } from "@visadesk/contract/auth-constants";
import { customerMail, t } from "#api/lib/customer-mail-i18n";
import { ValidationError } from "#api/lib/errors";
import type { Mail } from "#api/lib/mailer";
import { assertAcceptablePassword } from "#api/lib/password-policy";
import { hashPassword } from "#api/lib/passwords";
import { type AuditContext, recordAudit } from "../audit/service";
import * as accounts from "../users/account-records";
import type { AuthDeps } from "./auth-deps";
import { clearSignInFailures } from "./login-attempts";
import { mailReaderOfAccount } from "./mail-reader";
import { passwordChangedMail } from "./password-changed-mail";
import * as repo from "./repository";
import { mayMakeResetLink } from "./reset-links";

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/**
 * The mail of a reset link. An app user's opens the customer site, in the account's language; an internal
 * account's opens the back-office, in English.
 */
async function resetLinkMail(
  deps: Pick<AuthDeps, "db" | "companyName" | "customerSiteBase">,
  account: { guidId: string; email: string; role: string },
  origin: string,
  token: string,
): Promise<Mail> {
  const company = deps.companyName;
  if (account.role === "AppUser") {
    const { language } = await mailReaderOfAccount(deps.db.kysely, account.guidId);
    const link = `${origin}${deps.customerSiteBase}/reset-password?token=${token}`;
    return customerMail(account.email, language, t(language, "passwordReset.subject", { company }), [
      t(language, "passwordReset.body", { minutes: RESET_TOKEN_TTL_MINUTES, link }),
    ]);
  }
  const link = `${origin}/forgot-password/reset?token=${token}`;
  return {
    to: account.email,
    subject: `Reset your ${company} password`,
    text: `Hello,\n\nTo choose a new password, open this link within ${RESET_TOKEN_TTL_MINUTES} minutes:\n${link}\n\nIf you did not ask for this, you can ignore this email.`,
  };
}

/**
 * Mails a link to choose a new password: a random token, stored hashed, single-use, valid
 * RESET_TOKEN_TTL_MINUTES. Forgot password sends it (the back-office's and the customer API's), and staff
 * send one to an app user; the account's role decides which site the link opens. One live link per
 * account: a new one ends the earlier ones. At most one a minute per account (RESET_MAIL_COOLDOWN_SECONDS):
 * a sooner ask makes and mails nothing and answers false, so repeated asks cannot flood a mailbox.
 */
export async function sendPasswordResetLink(
  deps: Pick<AuthDeps, "db" | "clock" | "mailer" | "companyName" | "customerSiteBase">,
  account: { id: number; guidId: string; email: string; role: string },
  /** The origin of links in mails (PUBLIC_URL). */
  origin: string,
  /** Who asked: with it, the link is audited in the transaction that stores it. */
  audit?: AuditContext,
): Promise<boolean> {
  const token = randomBytes(32).toString("base64url");
  const now = deps.clock.now();
  const made = await deps.db.kysely.transaction().execute(async (trx) => {
    if (!(await mayMakeResetLink(trx, deps.db.dialect, account.id, now))) return false;
    await repo.endPasswordResets(trx, account.id, now.toISOString());
    await repo.insertPasswordReset(trx, {
      userId: account.id,
      tokenHash: sha256(token),
      expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MINUTES * 60_000).toISOString(),
      createdAt: now.toISOString(),
    });
    if (audit) {
      await recordAudit(trx, {
        context: audit,
        action: "password-reset-requested",
        entity: "user",
        entityId: account.guidId,
        at: now,
      });
    }
    return true;
  });
  if (!made) return false;
  await deps.mailer.send(await resetLinkMail(deps, account, origin, token));
  return true;
}

/**
 * Same answer, in the same time, for known and unknown emails: the token and the mail are made after the
 * answer. The token is random, stored hashed, single-use, valid 30 minutes.
 */
export async function forgotPassword(
  deps: Pick<AuthDeps, "db" | "clock" | "mailer" | "background" | "companyName" | "customerSiteBase">,
  email: string,
  origin: string,
  context: AuditContext,
): Promise<{ message: string }> {
  const { db } = deps;
  const account = await accounts.findAccount(db.kysely, { email });
  if (account && account.role !== "AppUser" && account.status === "active") {
    deps.background.run("password reset mail", () => sendPasswordResetLink(deps, account, origin, context));
  }
  return { message: authMessages.resetRequested };
}

/** Audited on the account as password: "changed"; the actor is nobody signed in (whoever held the link). */
export async function resetPassword(
  deps: Pick<AuthDeps, "db" | "clock" | "mailer" | "background" | "companyName">,
  token: string,
  password: string,
  context: AuditContext,
): Promise<ResetPasswordResponse> {
  const { db, clock } = deps;
  assertAcceptablePassword(password, "password");
  const now = clock.now().toISOString();
  const passwordHash = await hashPassword(password);
  const done = await db.kysely.transaction().execute(async (trx) => {
    const reset = await repo.findUsablePasswordReset(trx, sha256(token), now);
    if (!reset || !(await repo.usePasswordReset(trx, reset.id, now))) return null;
    // The new password ends its other reset links, and every session signed in with the old one; and
    // the owner, who has just proved it, gets past any sign-in lock a guesser left on the account.
    await repo.setPasswordHash(trx, reset.userId, passwordHash, now);
    await repo.revokeAllSessions(trx, reset.userId, now);
    await clearSignInFailures(trx, reset.userId);
    const account = { ...(await accounts.accountGuidAndRole(trx, reset.userId)), id: reset.userId };
    await recordAudit(trx, {
      context,
      action: "password-reset",
      entity: "user",
      entityId: account.guidId,
      changes: { password: AUDIT_SECRET_CHANGED },
      at: clock.now(),
    });
    return account;
  });
  if (!done) throw new ValidationError({ token: authMessages.resetInvalid });
  if (done.role === "AppUser") {
    // After the commit and the answer: the customer is told their password changed (passwordChangedMail).
    deps.background.run("password changed mail", async () => {
      const mail = await passwordChangedMail(db.kysely, done.id, deps.companyName);
      if (mail) await deps.mailer.send(mail);
    });
  }
  // Told only to whoever held a valid link: the link's owner, who knows what kind of account it is.
  return done.role === "AppUser"
    ? { message: authMessages.resetDoneAppUser, accountKind: "app-user" }
    : { message: authMessages.resetDone, accountKind: "internal" };
}
