import { randomUUID } from "node:crypto";
import { accountMessages } from "@visadesk/contract/account-constants";
import type { LoginBody, LoginResponse } from "@visadesk/contract/auth";
import { authMessages } from "@visadesk/contract/auth-constants";
import type { MfaRequired } from "@visadesk/contract/mfa";
import { Forbidden, Unauthorized } from "#api/lib/errors";
import { timingDummyHash, verifyPassword } from "#api/lib/passwords";
import { type AuditContext, actorOf, recordAudit } from "../audit/service";
import * as accounts from "../users/account-records";
import type { AuthDeps } from "./auth-deps";
import { logSignIn, type SignInContext } from "./login-attempts";
import { createSignInStep, signInMethodsOf } from "./mfa-store";
import * as repo from "./repository";
import { newBinding } from "./tokens";

/** What a completed sign-in answers, and the value of the binding cookie the route sets beside it. */
export interface SignedInAnswer {
  answer: LoginResponse;
  bindingCookie: { value: string; expiresAt: Date };
}
/** An account as sign-in reads it. */
export type SignInAccount = NonNullable<Awaited<ReturnType<typeof accounts.findAccount>>>;

/** Why an account with the right password still may not sign in to the back-office, or null. */
function refusalOf(account: { role: string; status: string; suspendedAt: string | null }) {
  if (account.role === "AppUser") return { message: authMessages.appUserForbidden, reason: "app user" };
  if (account.suspendedAt) return { message: accountMessages.suspended, reason: "suspended" };
  if (account.status === "pending") return { message: authMessages.pendingApproval, reason: "pending" };
  if (account.status === "rejected") return { message: authMessages.rejected, reason: "rejected" };
  return null;
}

/** The audit context of a sign-in attempt: nobody is signed in yet. */
const signInAuditContext = (context: SignInContext): AuditContext => ({
  actor: null,
  requestId: context.requestId ?? null,
  ip: context.address,
});

/**
 * A failed sign-in, on the account when one was named (never what was typed as the password), with the
 * name or email as typed (the subject: what Activity names an attempt at an unknown account by) and the
 * client address (the context's). It is its own write: the attempt is refused, but the refusal is what the
 * history must keep.
 */
export const auditFailedSignIn = (
  { db, clock }: Pick<AuthDeps, "db" | "clock">,
  account: { guidId: string } | undefined,
  context: SignInContext,
  typed: string | null = null,
) =>
  recordAudit(db.kysely, {
    context: signInAuditContext(context),
    action: "sign-in-failed",
    entity: "user",
    entityId: account?.guidId ?? null,
    subject: typed ? typed.trim().slice(0, 200) : null,
    at: clock.now(),
  });

/** An account that is not deleted, by id (the second step of sign-in knows only that). */
export const findAccountById = ({ db }: Pick<AuthDeps, "db">, id: number) =>
  accounts.findAccountById(db.kysely, id);

/**
 * The password step. Without a second factor it signs in: the answer, and the value of the binding
 * cookie the route sets beside it (see tokens.ts). With one, it answers only the short-lived token of
 * the second step (no session, no cookie), and counts nothing as a success yet: the failures counted
 * against this account and address stay until the second factor is right, so a guesser who knows the
 * password gets no fresh tries at codes by signing in again.
 */
export async function passwordSignIn(
  deps: Pick<AuthDeps, "db" | "clock" | "attempts" | "tokens" | "tokenTtlMinutes" | "requireMfa">,
  body: LoginBody,
  context: SignInContext,
): Promise<SignedInAnswer | { answer: MfaRequired; bindingCookie?: undefined }> {
  const { db, clock, attempts } = deps;
  const login = body.email || body.userName || "";
  const account = await accounts.findAccount(db.kysely, { email: body.email, userName: body.userName });
  const userGuid = account?.guidId;
  const attempt = await attempts.startByName(body, account, context.address).catch(async (error) => {
    logSignIn(context, "locked", { login, userGuid });
    await auditFailedSignIn(deps, account, context, login);
    throw error;
  });
  // Same work and the same answer whether or not the account exists.
  const passwordOk = await verifyPassword(account?.passwordHash ?? (await timingDummyHash()), body.password);
  if (!account || !passwordOk) {
    await attempt.failed();
    logSignIn(context, "failure", {
      login,
      userGuid,
      reason: account ? "wrong password" : "no such account",
    });
    await auditFailedSignIn(deps, account, context, login);
    throw new Unauthorized(authMessages.wrongCredentials);
  }
  const refusal = refusalOf(account);
  if (refusal) {
    await attempt.refused();
    logSignIn(context, "failure", { login, userGuid, reason: refusal.reason });
    await auditFailedSignIn(deps, account, context, login);
    throw new Forbidden(refusal.message);
  }
  if (account.isMfaEnabled) {
    await attempt.refused();
    logSignIn(context, "second factor", { login, userGuid });
    const methods = await signInMethodsOf(db.kysely, account.id);
    const mfaToken = await createSignInStep(db.kysely, account.id, clock.now());
    return { answer: { mfaRequired: true, mfaToken, methods } };
  }
  await attempt.succeeded();
  logSignIn(context, "success", { login, userGuid });
  return completeSignIn(deps, account, context);
}

/**
 * Opens the session of an account that has proven who it is (password, and the second factor when it
 * has one): the access token, and the binding cookie's value. An account that may no longer sign in
 * (suspended, say, between the password and the code) is refused.
 */
export async function completeSignIn(
  deps: Pick<AuthDeps, "db" | "clock" | "tokens" | "tokenTtlMinutes" | "requireMfa">,
  account: SignInAccount,
  context: SignInContext,
): Promise<SignedInAnswer> {
  const { db, clock } = deps;
  const refusal = refusalOf(account);
  if (refusal) throw new Forbidden(refusal.message);
  const now = clock.now();
  const expiresAt = new Date(now.getTime() + deps.tokenTtlMinutes * 60_000);
  const sessionId = randomUUID();
  await db.kysely.transaction().execute(async (trx) => {
    await repo.insertSession(trx, {
      id: sessionId,
      userId: account.id,
      createdAt: now.toISOString(),
      expiresAt: expiresAt.toISOString(),
      userAgent: context.userAgent?.slice(0, 512) ?? null,
      address: context.address,
    });
    await recordAudit(trx, {
      context: { ...signInAuditContext(context), actor: actorOf(account) },
      action: "sign-in",
      entity: "user",
      entityId: account.guidId,
      at: now,
    });
  });
  const binding = newBinding();
  const accessToken = await deps.tokens.sign({
    sessionId,
    userGuid: account.guidId,
    expiresAt,
    bindingHash: binding.hash,
  });
  const answer: LoginResponse = {
    accessToken,
    tokenType: "Bearer",
    expiresIn: deps.tokenTtlMinutes * 60,
    user: {
      guidId: account.guidId,
      userName: account.userName,
      email: account.email,
      firstName: account.firstName,
      lastName: account.lastName,
      roles: [account.role],
      ...(account.isPasswordTemporary ? { passwordChangeRequired: true } : {}),
      ...(deps.requireMfa && !account.isMfaEnabled ? { mfaEnrolmentRequired: true } : {}),
    },
  };
  return { answer, bindingCookie: { value: binding.secret, expiresAt } };
}
