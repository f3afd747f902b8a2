import { randomUUID } from "node:crypto";
import { accountMessages } from "@visadesk/contract/account-constants";
import {
  CUSTOMER_DEVICES_LISTED,
  CUSTOMER_SESSION_DAYS,
  type Customer,
  type CustomerMe,
  customerAuthMessages as messages,
  type SignInBody,
  type SignUpBody,
  type TokenPair,
} from "@visadesk/contract/customer-auth";
import { Forbidden, NotFound, Unauthorized } from "#api/lib/errors";
import { timingDummyHash, verifyPassword } from "#api/lib/passwords";
import { type AuditContext, actorOf, recordAudit } from "../audit/service";
import { createLoginAttempts, logSignIn, type SignInContext } from "../auth/login-attempts";
import { findAccount } from "../auth/service";
import { accountById } from "../users/account-records";
import { cnicRejectionReason } from "./cnic-rejection";
import type { SignedInCustomer } from "./customer";
import type { CustomerAuthDeps } from "./deps";
import { createEmailCodes } from "./email-codes";
import { liveDevices } from "./queries";
import * as repo from "./repository";
import { signUp } from "./sign-up";
import { newRefreshToken, refreshTokenHash } from "./tokens";

export function createCustomerAuthService(deps: CustomerAuthDeps) {
  const { db, clock } = deps;
  const attempts = createLoginAttempts({ db, clock });
  const codes = createEmailCodes(deps);

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
    cnicVerification: Customer["cnicVerification"] | "conflict";
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
      // A CNIC in conflict is a case for staff; to the customer it is waiting for the check like any other.
      cnicVerification: account.cnicVerification === "conflict" ? "pending" : account.cnicVerification,
    };
  }

  const findCustomer = (id: number) => accountById(db.kysely, id);

  return {
    signUp: (body: SignUpBody, context: AuditContext) => signUp(deps, codes, body, context),
    verifyEmail: codes.verifyEmail,
    resendCode: codes.resendCode,

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
        // A customer's line carries their account's id, not their email (erasure leaves no email in a log).
        logSignIn(context, "failure", {
          ...(account ? { userGuid: account.guidId } : { login: body.email }),
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
      logSignIn(context, "success", { userGuid: account.guidId });
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

    /** The customer as they see themselves, with staff's reason when their CNIC was rejected. */
    async me(customer: SignedInCustomer): Promise<CustomerMe> {
      const shown = customerOf(await findCustomer(customer.id));
      const reason = await cnicRejectionReason(db.kysely, shown.guidId, shown.cnicVerification);
      return { ...shown, cnicRejectionReason: reason };
    },

    async sessions(customer: SignedInCustomer) {
      const rows = await liveDevices(db.kysely, customer.id, clock.now().toISOString(), "createdAt");
      const data = rows
        .slice(0, CUSTOMER_DEVICES_LISTED)
        .map((row) => ({ ...row, current: row.id === customer.sessionId }));
      return { data, total: rows.length };
    },

    async endSession(customer: SignedInCustomer, sessionId: string) {
      const ended = await repo.revokeSession(db.kysely, customer.id, sessionId, clock.now().toISOString());
      if (!ended) throw new NotFound(messages.sessionNotFound);
      return { message: messages.sessionEnded };
    },
  };
}
export type CustomerAuthService = ReturnType<typeof createCustomerAuthService>;
