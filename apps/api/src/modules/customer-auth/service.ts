import { createHash, randomInt, randomUUID, timingSafeEqual } from "node:crypto";
import { accountMessages } from "@visadesk/contract/account-constants";
import {
  CUSTOMER_SESSION_DAYS,
  type Customer,
  EMAIL_CODE_MAX_TRIES,
  EMAIL_CODE_MINUTES,
  customerAuthMessages as messages,
  type SignInBody,
  type SignUpBody,
  type TokenPair,
} from "@visadesk/contract/customer-auth";
import type { Db } from "#api/db/database";
import type { BackgroundTasks } from "#api/lib/background";
import type { Clock } from "#api/lib/clock";
import { mailLanguageOf } from "#api/lib/customer-mail-i18n";
import { Forbidden, NotFound, Unauthorized, ValidationError } from "#api/lib/errors";
import { newGuid } from "#api/lib/ids";
import type { Mailer } from "#api/lib/mailer";
import { assertAcceptablePassword } from "#api/lib/password-policy";
import { hashPassword, timingDummyHash, verifyPassword } from "#api/lib/passwords";
import { type AuditContext, actorOf, changesBetween, recordAudit } from "../audit/service";
import { createLoginAttempts, logSignIn, type SignInContext } from "../auth/login-attempts";
import { accountConflict, findAccount, insertAccount } from "../auth/service";
import { accountById, markEmailVerified } from "../users/account-records";
import type { SignedInCustomer } from "./customer";
import { alreadyRegisteredMail, verificationCodeMail } from "./mails";
import * as repo from "./repository";
import { type CustomerTokens, newRefreshToken, refreshTokenHash } from "./tokens";

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

/** A new code may be mailed at most once a minute per account. */
const CODE_COOLDOWN_MS = 60_000;

const codeHash = (userId: number, code: string) =>
  createHash("sha256").update(`${userId}:${code}`).digest("base64url");

/** What sign-up writes into the history (the password only as "changed"). */
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
] as const;

export function createCustomerAuthService(deps: CustomerAuthDeps) {
  const { db, clock } = deps;
  const attempts = createLoginAttempts({ db, clock });

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

  /** A device session and its first refresh token, or the next token of a session that refreshed. */
  async function tokenPair(
    account: Parameters<typeof customerOf>[0],
    sessionId: string,
    refreshToken: string,
  ): Promise<TokenPair> {
    const access = await deps.tokens.sign({ sessionId, customerGuid: account.guidId });
    return {
      accessToken: access.token,
      tokenType: "Bearer",
      expiresIn: access.expiresIn,
      refreshToken,
      sessionId,
      customer: customerOf(account),
    };
  }

  function customerOf(account: {
    guidId: string;
    userName: string;
    email: string;
    emailVerifiedAt: string | null;
    firstName: string | null;
    lastName: string | null;
    phoneNumber: string | null;
    timeZone: string | null;
    language: string | null;
    profilePic: string | null;
    cnicVerification: Customer["cnicVerification"];
  }): Customer {
    return {
      guidId: account.guidId,
      userName: account.userName,
      email: account.email,
      emailVerified: account.emailVerifiedAt !== null,
      firstName: account.firstName,
      lastName: account.lastName,
      phoneNumber: account.phoneNumber,
      timeZone: account.timeZone ?? deps.businessTimeZone,
      language: account.language === "ur" ? "ur" : "en",
      profilePic: account.profilePic,
      cnicVerification: account.cnicVerification,
    };
  }

  const findCustomer = (id: number) => accountById(db.kysely, id);

  return {
    /**
     * A new app user, active at once; the code proves the email before any booking. A taken email,
     * username or CNIC answers exactly like a new account (no enumeration): nothing is written, and the
     * owner of the typed address learns what happened by mail.
     */
    async signUp(body: SignUpBody, context: AuditContext): Promise<{ message: string }> {
      assertAcceptablePassword(body.password, "password");
      const now = clock.now().toISOString();
      const passwordHash = await hashPassword(body.password);
      const values = {
        guidId: newGuid(),
        userName: body.userName,
        email: body.email,
        firstName: body.firstName,
        lastName: body.lastName,
        phoneNumber: body.phoneNumber,
        dateOfBirth: body.dateOfBirth,
        cnic: body.cnic,
        address: body.address,
        timeZone: body.timeZone,
        language: body.language,
        passwordHash,
        role: "AppUser" as const,
        status: "active" as const,
        createdAt: now,
        updatedAt: now,
      };
      try {
        const account = await db.kysely.transaction().execute(async (trx) => {
          const user = await insertAccount(trx, values);
          // The customer acts for themselves from the first moment.
          await recordAudit(trx, {
            context: { ...context, actor: actorOf(values) },
            action: "create",
            entity: "user",
            entityId: user.guidId,
            changes: changesBetween(null, values, SIGNED_UP_FIELDS),
            at: new Date(now),
          });
          return user;
        });
        deps.background.run("verification code mail", () =>
          mailCode({ ...account, language: body.language }),
        );
      } catch (error) {
        if (!accountConflict(error)?.fieldErrors) throw error;
        deps.background.run("sign-up mail", async () => {
          // The address's own account says which language its owner reads; an address without one gets
          // the language the form was filled in.
          const owner = await findAccount(db.kysely, { email: body.email });
          const language = mailLanguageOf(owner ? owner.language : body.language);
          await deps.mailer.send(alreadyRegisteredMail(body.email, language, deps.companyName));
        });
      }
      return { message: messages.signedUp };
    },

    /** The code mailed at sign-up (or resent): right once, within its time, within its tries. */
    async verifyEmail(email: string, code: string): Promise<{ message: string }> {
      const account = await findAccount(db.kysely, { email });
      const now = clock.now();
      const refused = new ValidationError({ code: messages.codeWrong });
      if (account?.role !== "AppUser" || account.emailVerifiedAt) throw refused;
      const stored = await repo.findEmailCode(db.kysely, account.id);
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
        await repo.countFailedCode(db.kysely, account.id);
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
      const account = await findAccount(db.kysely, { email });
      if (account && account.role === "AppUser" && !account.emailVerifiedAt && account.status === "active") {
        deps.background.run("verification code mail", () => mailCode(account));
      }
      return { message: messages.codeSent };
    },

    /** The back-office's sign-in rules: the same lockout, the same time and answer for unknown accounts. */
    async signIn(body: SignInBody, context: SignInContext): Promise<TokenPair> {
      const account = await findAccount(db.kysely, { email: body.email });
      const attempt = await attempts.startByName({ email: body.email }, account, context.address);
      const passwordOk = await verifyPassword(
        account?.passwordHash ?? (await timingDummyHash()),
        body.password,
      );
      if (!account || !passwordOk) {
        await attempt.failed();
        logSignIn(context, "failure", {
          login: body.email,
          userGuid: account?.guidId,
          reason: account ? "wrong password" : "no such account",
        });
        throw new Unauthorized(messages.wrongCredentials);
      }
      if (account.role !== "AppUser") {
        await attempt.refused();
        throw new Forbidden(messages.staffAccount);
      }
      if (account.suspendedAt || account.status !== "active") {
        await attempt.refused();
        throw new Forbidden(accountMessages.suspended);
      }
      await attempt.succeeded();
      logSignIn(context, "success", { login: body.email, userGuid: account.guidId });
      const now = clock.now();
      const sessionId = randomUUID();
      const refresh = newRefreshToken();
      await db.kysely.transaction().execute(async (trx) => {
        await repo.insertSession(trx, {
          id: sessionId,
          userId: account.id,
          deviceName: body.deviceName,
          at: now.toISOString(),
          expiresAt: new Date(now.getTime() + CUSTOMER_SESSION_DAYS * 86_400_000).toISOString(),
          address: context.address,
        });
        await repo.insertRefreshToken(trx, sessionId, refresh.hash, now.toISOString());
        await recordAudit(trx, {
          context: { actor: actorOf(account), requestId: context.requestId ?? null, ip: context.address },
          action: "sign-in",
          entity: "user",
          entityId: account.guidId,
          at: now,
        });
      });
      return tokenPair(account, sessionId, refresh.token);
    },

    /**
     * The next pair of the device. A refresh token works once: presented again (a copy, or a thief racing
     * its owner) it ends the device's whole chain, so whoever holds either copy must sign in again.
     */
    async refresh(token: string, log: SignInContext["log"]): Promise<TokenPair> {
      const hash = refreshTokenHash(token);
      const now = clock.now().toISOString();
      const refused = new Unauthorized(messages.refreshInvalid);
      const outcome = await db.kysely.transaction().execute(async (trx) => {
        const row = await repo.findRefreshToken(trx, hash);
        if (!row || row.revokedAt || row.expiresAt <= now) return null;
        if (row.usedAt || !(await repo.useRefreshToken(trx, hash, now))) {
          await repo.revokeSession(trx, row.userId, row.sessionId, now);
          return "reused" as const;
        }
        const next = newRefreshToken();
        await repo.insertRefreshToken(trx, row.sessionId, next.hash, now);
        await repo.touchSession(trx, row.sessionId, now);
        return { row, next };
      });
      if (outcome === "reused") {
        log.warn("A customer refresh token was used twice: the device's session is ended");
        throw refused;
      }
      if (!outcome) throw refused;
      const account = await findCustomer(outcome.row.userId);
      if (account.role !== "AppUser" || account.suspendedAt || account.status !== "active") throw refused;
      return tokenPair(account, outcome.row.sessionId, outcome.next.token);
    },

    signOut: async (customer: SignedInCustomer) => {
      await repo.revokeSession(db.kysely, customer.id, customer.sessionId, clock.now().toISOString());
      return { message: messages.signedOut };
    },

    me: async (customer: SignedInCustomer) => customerOf(await findCustomer(customer.id)),

    async sessions(customer: SignedInCustomer) {
      const rows = await repo.listSessions(db.kysely, customer.id, clock.now().toISOString());
      const data = rows.map((row) => ({ ...row, current: row.id === customer.sessionId }));
      return { data, total: data.length };
    },

    async endSession(customer: SignedInCustomer, sessionId: string) {
      const ended = await repo.revokeSession(db.kysely, customer.id, sessionId, clock.now().toISOString());
      if (!ended) throw new NotFound(messages.sessionNotFound);
      return { message: messages.sessionEnded };
    },
  };
}
export type CustomerAuthService = ReturnType<typeof createCustomerAuthService>;
