import { createHash, randomInt, timingSafeEqual } from "node:crypto";
import {
  EMAIL_CODE_MAX_TRIES,
  EMAIL_CODE_MINUTES,
  customerAuthMessages as messages,
} from "@visadesk/contract/customer-auth";
import { brokenUniqueIndex } from "#api/db/errors";
import { mailLanguageOf } from "#api/lib/customer-mail-i18n";
import { ValidationError } from "#api/lib/errors";
import { newGuid } from "#api/lib/ids";
import { actorOf, changesBetween, recordAudit } from "../audit/service";
import { findAccount, insertAccount } from "../auth/service";
import { cnicHeld } from "../users/account-records";
import type { CustomerAuthDeps } from "./deps";
import { verificationCodeMail } from "./mails";
import * as repo from "./sign-up-repository";

/** A new code may be mailed at most once a minute per sign-up. */
export const CODE_COOLDOWN_MS = 60_000;
const DAY_MS = 86_400_000;

/** What the account's creation writes into the history (the password only as "changed"). */
const SIGNED_UP_FIELDS = [
  "userName",
  "email",
  "firstName",
  "lastName",
  "phoneNumber",
  "dateOfBirth",
  "cnic",
  "address",
  "timeZone",
  "language",
  "passwordHash",
  "role",
  "cnicVerification",
] as const;

const codeHash = (signUpId: number, code: string) =>
  createHash("sha256").update(`sign-up:${signUpId}:${code}`).digest("base64url");

type SignUpRow = NonNullable<Awaited<ReturnType<typeof repo.findLiveSignUp>>>;

/**
 * The code that proves a sign-up's email, and the account it becomes. A sign-up takes at most
 * VERIFY_CODE_DAILY_TRIES wrong codes in the day that began with its first wrong one, whatever codes they
 * were meant for (a new code does not give more); EMAIL_CODE_MAX_TRIES of them spend one code.
 */
export function createSignUpCodes(deps: CustomerAuthDeps) {
  const { db, clock } = deps;
  const refused = () => new ValidationError({ code: messages.codeWrong });

  /** Mails a new code to the sign-up's address, unless one went less than a minute ago. */
  async function mailSignUpCode(id: number) {
    const now = clock.now();
    const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
    const signUp = await db.kysely.transaction().execute(async (trx) => {
      const row = await trx.selectFrom("signUps").selectAll().where("id", "=", id).executeTakeFirst();
      if (!row || (row.codeSentAt && now.getTime() - Date.parse(row.codeSentAt) < CODE_COOLDOWN_MS)) {
        return null;
      }
      await repo.putSignUpCode(trx, id, {
        codeHash: codeHash(id, code),
        codeExpiresAt: new Date(now.getTime() + EMAIL_CODE_MINUTES * 60_000).toISOString(),
        codeSentAt: now.toISOString(),
      });
      return row;
    });
    if (!signUp) return;
    const site = `${deps.linkOrigin}${deps.customerSiteBase}`;
    const link = `${site}/verify-email?email=${encodeURIComponent(signUp.email)}&code=${code}`;
    const language = mailLanguageOf(signUp.language);
    await deps.mailer.send(verificationCodeMail(signUp.email, language, code, link, deps.companyName));
  }

  /**
   * The proven sign-up becomes an active app user with its email verified. A username or email an account
   * took meanwhile makes the code unusable, answered like a wrong one (whose account it is stays unsaid);
   * a CNIC another account holds is kept, marked "conflict" for staff: the caller is told nothing of it.
   */
  async function createAccount(signUp: SignUpRow, hash: string, at: Date) {
    const now = at.toISOString();
    const taken =
      (await findAccount(db.kysely, { email: signUp.email })) ??
      (await findAccount(db.kysely, { userName: signUp.userName }));
    if (taken) {
      await repo.deleteSignUp(db.kysely, signUp.id);
      throw refused();
    }
    const insert = (conflict: boolean) =>
      db.kysely.transaction().execute(async (trx) => {
        if (!(await repo.takeSignUp(trx, signUp.id, hash))) return false;
        const values = {
          guidId: newGuid(),
          userName: signUp.userName,
          email: signUp.email,
          firstName: signUp.firstName,
          lastName: signUp.lastName,
          phoneNumber: signUp.phoneNumber,
          dateOfBirth: signUp.dateOfBirth,
          cnic: signUp.cnic,
          address: signUp.address,
          timeZone: signUp.timeZone,
          language: signUp.language,
          passwordHash: signUp.passwordHash,
          role: "AppUser" as const,
          status: "active" as const,
          emailVerifiedAt: now,
          cnicVerification: conflict || (await cnicHeld(trx, signUp.cnic)) ? ("conflict" as const) : null,
          createdAt: now,
          updatedAt: now,
        };
        const user = await insertAccount(trx, values);
        // The customer acts for themselves: the history names them, with the sign-up's request.
        await recordAudit(trx, {
          context: { actor: actorOf(values), requestId: signUp.requestId, ip: signUp.ip },
          action: "create",
          entity: "user",
          entityId: user.guidId,
          changes: {
            ...changesBetween(null, values, SIGNED_UP_FIELDS),
            emailVerified: { from: false, to: true },
          },
          at,
        });
        return true;
      });
    let made: boolean;
    try {
      made = await insert(false);
    } catch (error) {
      const index = brokenUniqueIndex(error);
      if (index === null) throw error;
      // Another account took the CNIC a moment ago: a conflict; the username or email: unusable.
      if (!index.includes("cnic")) {
        await repo.deleteSignUp(db.kysely, signUp.id);
        throw refused();
      }
      made = await insert(true);
    }
    if (!made) throw refused();
  }

  return {
    mailSignUpCode,

    /** Handles the address's live sign-up, if it has one: false when it has none. */
    async verifySignUp(email: string, code: string, dailyTries: number): Promise<boolean> {
      const now = clock.now();
      const signUp = await repo.findLiveSignUp(db.kysely, email, now.toISOString());
      if (!signUp) return false;
      const dayStartedBefore = new Date(now.getTime() - DAY_MS).toISOString();
      const dayRunning = signUp.triesSince !== null && signUp.triesSince > dayStartedBefore;
      if (dayRunning && signUp.triesInDay >= dailyTries) {
        throw new ValidationError({ code: messages.codeTriesUsedUp });
      }
      if (
        !signUp.codeHash ||
        !signUp.codeExpiresAt ||
        Date.parse(signUp.codeExpiresAt) <= now.getTime() ||
        signUp.codeFailedTries >= EMAIL_CODE_MAX_TRIES
      ) {
        throw refused();
      }
      const given = Buffer.from(codeHash(signUp.id, code));
      const expected = Buffer.from(signUp.codeHash);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        await repo.countWrongCode(db.kysely, signUp.id, now.toISOString(), dayStartedBefore);
        throw refused();
      }
      await createAccount(signUp, signUp.codeHash, now);
      return true;
    },

    /** A new code for the address's live sign-up, if it has one: false when it has none. */
    async resendSignUpCode(email: string): Promise<boolean> {
      const signUp = await repo.findLiveSignUp(db.kysely, email, clock.now().toISOString());
      if (!signUp) return false;
      deps.background.run("verification code mail", () => mailSignUpCode(signUp.id));
      return true;
    },
  };
}
export type SignUpCodes = ReturnType<typeof createSignUpCodes>;
