import { createHash, randomInt, timingSafeEqual } from "node:crypto";
import {
  EMAIL_CODE_MAX_TRIES,
  EMAIL_CODE_MINUTES,
  customerAuthMessages as messages,
} from "@visadesk/contract/customer-auth";
import { mailLanguageOf } from "#api/lib/customer-mail-i18n";
import { ValidationError } from "#api/lib/errors";
import { actorOf, recordAudit } from "../audit/service";
import { findAccount } from "../auth/service";
import { markEmailVerified } from "../users/account-records";
import type { CustomerAuthDeps } from "./deps";
import { verificationCodeMail } from "./mails";
import * as repo from "./repository";
import { createSignUpCodes } from "./sign-up-codes";

/** A new code may be mailed at most once a minute per account. */
const CODE_COOLDOWN_MS = 60_000;
const DAY_MS = 86_400_000;

const codeHash = (userId: number, code: string) =>
  createHash("sha256").update(`${userId}:${code}`).digest("base64url");

/**
 * The code that proves a customer's email: a sign-up's (sign-up-codes.ts), or, for an account made before
 * sign-ups were held apart or added by staff without a proven email, the account's: mailed on request,
 * checked once.
 */
export function createEmailCodes(deps: CustomerAuthDeps) {
  const { db, clock } = deps;
  const signUps = createSignUpCodes(deps);

  /** The code, in the account's language (null: English). */
  async function mailCode(account: { id: number; email: string; language: string | null }) {
    const now = clock.now();
    const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
    const made = await db.kysely.transaction().execute(async (trx) => {
      const existing = await repo.findEmailCode(trx, account.id);
      if (existing && now.getTime() - Date.parse(existing.createdAt) < CODE_COOLDOWN_MS) return false;
      await repo.putEmailCode(trx, {
        userId: account.id,
        codeHash: codeHash(account.id, code),
        expiresAt: new Date(now.getTime() + EMAIL_CODE_MINUTES * 60_000).toISOString(),
        createdAt: now.toISOString(),
      });
      return true;
    });
    if (!made) return;
    const site = `${deps.linkOrigin}${deps.customerSiteBase}`;
    const link = `${site}/verify-email?email=${encodeURIComponent(account.email)}&code=${code}`;
    const language = mailLanguageOf(account.language);
    await deps.mailer.send(verificationCodeMail(account.email, language, code, link, deps.companyName));
  }

  return {
    mailSignUpCode: signUps.mailSignUpCode,

    /** The code mailed at sign-up (or resent): right once, within its time, within its tries. */
    async verifyEmail(email: string, code: string): Promise<{ message: string }> {
      if (await signUps.verifySignUp(email, code, deps.verifyCodeDailyTries)) {
        return { message: messages.emailVerified };
      }
      const account = await findAccount(db.kysely, { email });
      const now = clock.now();
      const refused = new ValidationError({ code: messages.codeWrong });
      if (account?.role !== "AppUser" || account.emailVerifiedAt) throw refused;
      const stored = await repo.findEmailCode(db.kysely, account.id);
      const dayStartedBefore = new Date(now.getTime() - DAY_MS).toISOString();
      if (
        stored?.triesSince &&
        stored.triesSince > dayStartedBefore &&
        stored.triesInDay >= deps.verifyCodeDailyTries
      ) {
        throw new ValidationError({ code: messages.codeTriesUsedUp });
      }
      if (
        !stored ||
        Date.parse(stored.expiresAt) <= now.getTime() ||
        stored.failedTries >= EMAIL_CODE_MAX_TRIES
      ) {
        throw refused;
      }
      const given = Buffer.from(codeHash(account.id, code));
      const expected = Buffer.from(stored.codeHash);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        await repo.countFailedCode(db.kysely, account.id, now.toISOString(), dayStartedBefore);
        throw refused;
      }
      await db.kysely.transaction().execute(async (trx) => {
        await markEmailVerified(trx, account.id, now.toISOString());
        await repo.deleteEmailCode(trx, account.id);
        await recordAudit(trx, {
          context: { actor: actorOf(account), requestId: null, ip: null },
          action: "update",
          entity: "user",
          entityId: account.guidId,
          changes: { emailVerified: { from: false, to: true } },
          at: now,
        });
      });
      return { message: messages.emailVerified };
    },

    /** A new code for an unverified customer; the same answer, at once, for any address. */
    async resendCode(email: string): Promise<{ message: string }> {
      if (await signUps.resendSignUpCode(email)) return { message: messages.codeSent };
      const account = await findAccount(db.kysely, { email });
      if (account && account.role === "AppUser" && !account.emailVerifiedAt && account.status === "active") {
        deps.background.run("verification code mail", () => mailCode(account));
      }
      return { message: messages.codeSent };
    },
  };
}
export type EmailCodes = ReturnType<typeof createEmailCodes>;
