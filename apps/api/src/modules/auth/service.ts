import { createHash, randomBytes, randomUUID } from "node:crypto";
import { accountMessages } from "@visadesk/contract/account-constants";
import { AUDIT_SECRET_CHANGED } from "@visadesk/contract/audit";
import type {
  LoginBody,
  LoginResponse,
  RegisterFields,
  ResetPasswordResponse,
} from "@visadesk/contract/auth";
import { authMessages, RESET_TOKEN_TTL_MINUTES } from "@visadesk/contract/auth-constants";
import type { MfaRequired } from "@visadesk/contract/mfa";
import type { Db } from "#api/db/database";
import { brokenUniqueIndex } from "#api/db/errors";
import type { Executor } from "#api/db/schema";
import type { BackgroundTasks } from "#api/lib/background";
import type { Clock } from "#api/lib/clock";
import { customerMail, type MailReader, mailReaderOf, t } from "#api/lib/customer-mail-i18n";
import { Conflict, Forbidden, Unauthorized, ValidationError } from "#api/lib/errors";
import { newGuid } from "#api/lib/ids";
import type { Mail, Mailer } from "#api/lib/mailer";
import { assertAcceptablePassword } from "#api/lib/password-policy";
import { hashPassword, timingDummyHash, verifyPassword } from "#api/lib/passwords";
import type { AuthUser } from "#api/modules/auth/auth-user";
import { type AuditContext, actorOf, changesBetween, recordAudit } from "../audit/service";
import type { CheckedImage, FileService } from "../files/service";
import { clearSignInFailures, createLoginAttempts, logSignIn, type SignInContext } from "./login-attempts";
import { createSignInStep, deleteSecondFactors, signInMethodsOf } from "./mfa-store";
import * as repo from "./repository";
import { mayMakeResetLink } from "./reset-links";
import { newBinding, type TokenService } from "./tokens";

export interface AuthServiceDeps {
  db: Db;
  tokens: TokenService;
  clock: Clock;
  mailer: Mailer;
  /** Mails and the writes behind them run after the answer, so its timing tells nothing. */
  background: BackgroundTasks;
  files: FileService;
  tokenTtlMinutes: number;
  /** Names the product in mails. */
  companyName: string;
  /** CUSTOMER_SITE_BASE: an app user's reset link opens the customer site, under it. */
  customerSiteBase: string;
  /** REQUIRE_MFA: an account with no second factor must enrol one before anything else works. */
  requireMfa: boolean;
}

/** What a completed sign-in answers, and the value of the binding cookie the route sets beside it. */
export interface SignedInAnswer {
  answer: LoginResponse;
  bindingCookie: { value: string; expiresAt: Date };
}
/** An account as sign-in reads it. */
export type SignInAccount = NonNullable<Awaited<ReturnType<typeof repo.findAccount>>>;

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/** Ends every session of an account (new password, deletion): one rule for every module that needs it. */
export const revokeSessionsOf = repo.revokeAllSessions;
/** Sets a new password; it also ends the account's unused reset links. */
export const setPasswordHash = repo.setPasswordHash;
/** An account that is not deleted, by email or username (case-insensitively): the customer API signs in by it. */
export const findAccount = repo.findAccount;
/** Inserts an account (the customer API's sign-up). */
export const insertAccount = repo.insertAccount;
/** Removes every second factor of an account (an Admin's reset; the caller ends its sessions). */
export const resetSecondFactors = deleteSecondFactors;

/** Who reads the account's mails: its language and time zone (an account not found reads English). */
export async function mailReaderOfAccount(db: Executor, guidId: string): Promise<MailReader> {
  return mailReaderOf((await repo.findMailSettings(db, guidId)) ?? { language: null, timeZone: null });
}

/** What a registration's audit row lists (the password only as "changed"). */
const REGISTERED_FIELDS = [
  "userName",
  "email",
  "firstName",
  "lastName",
  "phoneNumber",
  "profilePic",
  "passwordHash",
  "role",
  "status",
] as const;

/** Maps a broken unique index of the users table to the 409 that names the field. */
export function accountConflict(error: unknown): Conflict | null {
  const index = brokenUniqueIndex(error);
  if (index === null) return null;
  if (index.includes("email")) return new Conflict(authMessages.emailTaken, "email");
  if (index.includes("user_name")) return new Conflict(authMessages.userNameTaken, "userName");
  if (index.includes("cnic")) return new Conflict("This CNIC number is already registered", "cnic");
  return new Conflict("This record already exists");
}

/** Why an account with the right password still may not sign in to the back-office, or null. */
function refusalOf(account: { role: string; status: string; suspendedAt: string | null }) {
  if (account.role === "AppUser") return { message: authMessages.appUserForbidden, reason: "app user" };
  if (account.suspendedAt) return { message: accountMessages.suspended, reason: "suspended" };
  if (account.status === "pending") return { message: authMessages.pendingApproval, reason: "pending" };
  if (account.status === "rejected") return { message: authMessages.rejected, reason: "rejected" };
  return null;
}

/*
 * Mails of the public forms go to whatever address was typed, so they hold fixed text only: nothing the
 * person filling in the form typed (a name could be a message to a victim), and not the username either.
 */

/** To the owner of a registered email, when someone registers with it again. */
const emailTakenMail = (to: string, company: string): Mail => ({
  to,
  subject: `Someone tried to register with your email`,
  text: `Hello,\n\nSomeone tried to create a ${company} account with this email address, which already has an account. No new account was created.\n\nIf it was you, sign in with your existing account, or use "Forgot password" on the sign-in page. If it was not you, you can ignore this email.`,
});

/** To a new registrant whose chosen username is taken: the answer on screen could not say so. */
const userNameTakenMail = (to: string, company: string): Mail => ({
  to,
  subject: `Your ${company} registration`,
  text: `Hello,\n\nNo ${company} account was created from your registration: the username you chose cannot be used. Please register again with another username.\n\nIf you did not register, you can ignore this email.`,
});

/**
 * The mail of a reset link. An app user's opens the customer site, in the account's language; an internal
 * account's opens the back-office, in English.
 */
async function resetLinkMail(
  deps: Pick<AuthServiceDeps, "db" | "companyName" | "customerSiteBase">,
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
  deps: Pick<AuthServiceDeps, "db" | "clock" | "mailer" | "companyName" | "customerSiteBase">,
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

export function createAuthService(deps: AuthServiceDeps) {
  const { db, clock } = deps;
  const attempts = createLoginAttempts({ db, clock });

  /** The audit context of a sign-in attempt: nobody is signed in yet. */
  const signInAuditContext = (context: SignInContext): AuditContext => ({
    actor: null,
    requestId: context.requestId ?? null,
    ip: context.address,
  });

  /**
   * A failed sign-in, on the account when one was named (never what was typed as the password). It is its
   * own write: the attempt is refused, but the refusal is what the history must keep.
   */
  /**
   * A failed sign-in, with the name or email as typed (the subject: what Activity names an attempt at an
   * unknown account by) and the client address (the context's).
   */
  const auditFailedSignIn = (
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

  const sendResetLink = (
    account: { id: number; guidId: string; email: string; role: string },
    origin: string,
    context: AuditContext,
  ) => sendPasswordResetLink(deps, account, origin, context);

  return {
    /**
     * The password step. Without a second factor it signs in: the answer, and the value of the binding
     * cookie the route sets beside it (see tokens.ts). With one, it answers only the short-lived token of
     * the second step (no session, no cookie), and counts nothing as a success yet: the failures counted
     * against this account and address stay until the second factor is right, so a guesser who knows the
     * password gets no fresh tries at codes by signing in again.
     */
    async login(
      body: LoginBody,
      context: SignInContext,
    ): Promise<SignedInAnswer | { answer: MfaRequired; bindingCookie?: undefined }> {
      const login = body.email || body.userName || "";
      const account = await repo.findAccount(db.kysely, { email: body.email, userName: body.userName });
      const userGuid = account?.guidId;
      const attempt = await attempts.startByName(body, account, context.address).catch(async (error) => {
        logSignIn(context, "locked", { login, userGuid });
        await auditFailedSignIn(account, context, login);
        throw error;
      });
      // Same work and the same answer whether or not the account exists.
      const passwordOk = await verifyPassword(
        account?.passwordHash ?? (await timingDummyHash()),
        body.password,
      );
      if (!account || !passwordOk) {
        await attempt.failed();
        logSignIn(context, "failure", {
          login,
          userGuid,
          reason: account ? "wrong password" : "no such account",
        });
        await auditFailedSignIn(account, context, login);
        throw new Unauthorized(authMessages.wrongCredentials);
      }
      const refusal = refusalOf(account);
      if (refusal) {
        await attempt.refused();
        logSignIn(context, "failure", { login, userGuid, reason: refusal.reason });
        await auditFailedSignIn(account, context, login);
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
      return this.completeSignIn(account, context);
    },

    /**
     * Opens the session of an account that has proven who it is (password, and the second factor when it
     * has one): the access token, and the binding cookie's value. An account that may no longer sign in
     * (suspended, say, between the password and the code) is refused.
     */
    async completeSignIn(account: SignInAccount, context: SignInContext): Promise<SignedInAnswer> {
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
    },

    /** Audits a failed second step of sign-in (a wrong code, an unknown or unverified passkey). */
    recordFailedSignIn: (account: { guidId: string } | undefined, context: SignInContext) =>
      auditFailedSignIn(account, context),

    /** An account that is not deleted, by id (the second step of sign-in knows only that). */
    findAccountById: (id: number) =>
      db.kysely
        .selectFrom("users")
        .selectAll()
        .where("id", "=", id)
        .where("deletedAt", "is", null)
        .executeTakeFirst(),

    logout: (user: AuthUser, context: AuditContext) =>
      db.kysely.transaction().execute(async (trx) => {
        const now = clock.now();
        await repo.revokeSession(trx, user.sessionId, now.toISOString());
        await recordAudit(trx, {
          context,
          action: "sign-out",
          entity: "user",
          entityId: user.guidId,
          at: now,
        });
      }),

    /**
     * The first account of an empty database becomes Admin; later ones wait for an Admin's approval.
     * A taken email or username answers exactly like a new registration (no account enumeration):
     * nothing is written, and the mailbox owner learns what happened by mail instead.
     */
    async register(fields: RegisterFields, profilePic: CheckedImage | undefined, context: AuditContext) {
      assertAcceptablePassword(fields.Password, "Password");
      const now = clock.now();
      const passwordHash = await hashPassword(fields.Password);
      try {
        return await db.kysely.transaction().execute(async (trx) => {
          const first = (await repo.countAccounts(trx)) === 0;
          const picture = profilePic
            ? await deps.files.store(profilePic, { isPrivate: false, createdBy: null, at: now }, trx)
            : null;
          const values = {
            guidId: newGuid(),
            userName: fields.UserName,
            email: fields.Email,
            firstName: fields.FirstName,
            lastName: fields.LastName,
            phoneNumber: fields.PhoneNumber,
            profilePic: picture,
            passwordHash,
            role: first ? ("Admin" as const) : ("Staff" as const),
            status: first ? ("active" as const) : ("pending" as const),
            createdAt: now.toISOString(),
            updatedAt: now.toISOString(),
          };
          const user = await repo.insertAccount(trx, values);
          // Nobody is signed in: the registrant is not an actor until an Admin approves them.
          await recordAudit(trx, {
            context,
            action: "create",
            entity: "user",
            entityId: user.guidId,
            changes: changesBetween(null, values, REGISTERED_FIELDS),
            at: now,
          });
          return {
            message: first ? authMessages.firstAdminRegistered : authMessages.registered,
            user: { guidId: user.guidId, userName: user.userName, email: user.email, status: user.status },
          };
        });
      } catch (error) {
        const conflict = accountConflict(error);
        const taken = conflict?.fieldErrors;
        if (!taken) throw conflict ?? error;
        deps.background.run("registration mail", () =>
          deps.mailer.send(
            (taken.email ? emailTakenMail : userNameTakenMail)(fields.Email, deps.companyName),
          ),
        );
        return {
          message: authMessages.registered,
          user: { guidId: newGuid(), userName: fields.UserName, email: fields.Email, status: "pending" },
        };
      }
    },

    /**
     * Same answer, in the same time, for known and unknown emails: the token and the mail are made after the
     * answer. The token is random, stored hashed, single-use, valid 30 minutes.
     */
    async forgotPassword(email: string, origin: string, context: AuditContext): Promise<{ message: string }> {
      const account = await repo.findAccount(db.kysely, { email });
      if (account && account.role !== "AppUser" && account.status === "active") {
        deps.background.run("password reset mail", () => sendResetLink(account, origin, context));
      }
      return { message: authMessages.resetRequested };
    },

    /** Audited on the account as password: "changed"; the actor is nobody signed in (whoever held the link). */
    async resetPassword(
      token: string,
      password: string,
      context: AuditContext,
    ): Promise<ResetPasswordResponse> {
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
        const account = await trx
          .selectFrom("users")
          .select(["guidId", "role"])
          .where("id", "=", reset.userId)
          .executeTakeFirstOrThrow();
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
      // Told only to whoever held a valid link: the link's owner, who knows what kind of account it is.
      return done.role === "AppUser"
        ? { message: authMessages.resetDoneAppUser, accountKind: "app-user" }
        : { message: authMessages.resetDone, accountKind: "internal" };
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
