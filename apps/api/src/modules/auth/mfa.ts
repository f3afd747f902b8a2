import { randomUUID } from "node:crypto";
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import { AUDIT_SECRET_CHANGED } from "@visadesk/contract/audit";
import {
  type MfaStatus,
  mfaMessages,
  type Passkey,
  type ReauthenticateBody,
  type RecoveryCodesAnswer,
  type TotpDisableBody,
  type TotpEnrolment,
  type VerifyMfaBody,
} from "@visadesk/contract/mfa";
import { Secret, TOTP } from "otpauth";
import type { Db } from "#api/db/database";
import type { Executor } from "#api/db/schema";
import type { Clock } from "#api/lib/clock";
import { Conflict, NotFound, Unauthorized, ValidationError } from "#api/lib/errors";
import { verifyPassword } from "#api/lib/passwords";
import type { AuthUser } from "#api/modules/auth/auth-user";
import { type AuditChanges, recordChange } from "../audit/service";
import { createLoginAttempts, logSignIn, type SignInContext } from "./login-attempts";
import {
  createChallengeStep,
  createMfaKeys,
  factorsOf,
  findStep,
  newRecoveryCodes,
  refreshMfaEnabled,
  signInStepId,
  totpOf,
  useStep,
} from "./mfa-store";
import type { AuthService, SignedInAnswer } from "./service";
import { markReauthenticated } from "./sessions";

/** Who the passkeys are for: from configuration (PUBLIC_URL or the local address), never a request's headers. */
export interface RelyingParty {
  /** The origin the browser reports, such as https://visadesk.example.com. */
  origin: string;
  name: string;
}

export interface MfaServiceDeps {
  db: Db;
  clock: Clock;
  /** The server's secret (JWT_SECRET or the generated one): the keys of TOTP secrets and recovery codes. */
  serverSecret: string;
  relyingParty: RelyingParty;
  requireMfa: boolean;
  auth: Pick<AuthService, "completeSignIn" | "findAccountById" | "recordFailedSignIn">;
}

/** A code of 6 digits (spaces allowed) is an authenticator app's; anything else is tried as a recovery code. */
const totpCode = (code: string) => {
  const digits = code.replace(/\s/g, "");
  return /^\d{6}$/.test(digits) ? digits : null;
};

/**
 * Two-factor sign-in: an authenticator app (TOTP) with its recovery codes, and passkeys (WebAuthn), which
 * serve as a second factor after the password or alone (passwordless, with user verification).
 */
export function createMfaService(deps: MfaServiceDeps) {
  const { db, clock } = deps;
  const keys = createMfaKeys(deps.serverSecret);
  const attempts = createLoginAttempts({ db, clock });
  const rpID = new URL(deps.relyingParty.origin).hostname;

  /**
   * Accepts a TOTP code once: the code's time step must be later than the last one accepted for the
   * account, and the update that records it wins only once under concurrency.
   */
  async function useTotpCode(trx: Executor, userId: number, code: string, confirmed: boolean) {
    const row = await trx
      .selectFrom("mfaTotp")
      .selectAll()
      .where("userId", "=", userId)
      .where("confirmedAt", confirmed ? "is not" : "is", null)
      .executeTakeFirst();
    const secret = row && keys.decrypt(row.secret);
    if (!row || !secret) return false;
    const now = clock.now().getTime();
    const totp = totpOf(secret);
    const delta = totp.validate({ token: code, timestamp: now, window: 1 });
    if (delta === null) return false;
    const step = totp.counter({ timestamp: now }) + delta;
    const result = await trx
      .updateTable("mfaTotp")
      .set({ lastUsedStep: step })
      .where("userId", "=", userId)
      .where((eb) => eb.or([eb("lastUsedStep", "is", null), eb("lastUsedStep", "<", step)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Spends one unused recovery code of the account; false when it is not one (or was used). */
  async function useRecoveryCode(trx: Executor, userId: number, code: string) {
    const result = await trx
      .updateTable("mfaRecoveryCodes")
      .set({ usedAt: clock.now().toISOString() })
      .where("userId", "=", userId)
      .where("codeHash", "=", keys.hashRecoveryCode(code))
      .where("usedAt", "is", null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Stores a new set of recovery codes (keyed hashes), ending the old set. */
  async function replaceRecoveryCodes(trx: Executor, userId: number, codes: string[], at: string) {
    await trx.deleteFrom("mfaRecoveryCodes").where("userId", "=", userId).execute();
    await trx
      .insertInto("mfaRecoveryCodes")
      .values(
        codes.map((one) => ({ userId, codeHash: keys.hashRecoveryCode(one), usedAt: null, createdAt: at })),
      )
      .execute();
  }

  const useCode = (userId: number, code: string) => {
    const digits = totpCode(code);
    return digits ? useTotpCode(db.kysely, userId, digits, true) : useRecoveryCode(db.kysely, userId, code);
  };

  const toPasskey = (row: {
    id: string;
    name: string;
    createdAt: string;
    lastUsedAt: string | null;
  }): Passkey => ({
    id: row.id,
    name: row.name,
    createdAt: row.createdAt,
    lastUsedAt: row.lastUsedAt,
  });

  /**
   * One history row on the account for a change of its sign-in factors, by the signed-in owner. Only what
   * changed is named: never a secret, a code or a key (recovery codes only as "changed").
   */
  const auditFactors = (trx: Executor, user: AuthUser, changes: AuditChanges) =>
    recordChange(trx, { action: "update", entity: "user", entityId: user.guidId, changes, at: clock.now() });

  /** The password again, for changes that weaken or widen sign-in: a wrong one counts toward the lockout. */
  async function checkPassword(user: AuthUser, password: string, context: SignInContext) {
    const account = await deps.auth.findAccountById(user.id);
    if (!account) throw new Unauthorized();
    const attempt = await attempts.start(account, account.userName, context.address);
    if (!(await verifyPassword(account.passwordHash, password))) {
      await attempt.failed();
      logSignIn(context, "failure", {
        login: account.userName,
        userGuid: account.guidId,
        reason: "wrong password (two-factor settings)",
      });
      throw new ValidationError({ password: mfaMessages.passwordWrong });
    }
    return { account, attempt };
  }

  async function verifyPasskeyAssertion(
    userId: number | null,
    response: AuthenticationResponseJSON,
    challenge: string,
  ) {
    const passkey = await db.kysely
      .selectFrom("mfaPasskeys")
      .selectAll()
      .where("id", "=", response.id)
      .$if(userId !== null, (query) => query.where("userId", "=", userId ?? 0))
      .executeTakeFirst();
    if (!passkey) return null;
    try {
      const { verified, authenticationInfo } = await verifyAuthenticationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: deps.relyingParty.origin,
        expectedRPID: rpID,
        credential: {
          id: passkey.id,
          publicKey: new Uint8Array(Buffer.from(passkey.publicKey, "base64url")),
          counter: Number(passkey.counter),
          ...(passkey.transports ? { transports: JSON.parse(passkey.transports) as string[] } : {}),
        },
        // Alone, a passkey must prove its owner (PIN, fingerprint); after the password, presence is enough.
        requireUserVerification: userId === null,
      });
      if (!verified) return null;
      await db.kysely
        .updateTable("mfaPasskeys")
        .set({ counter: authenticationInfo.newCounter, lastUsedAt: clock.now().toISOString() })
        .where("id", "=", passkey.id)
        .execute();
      return passkey;
    } catch {
      return null;
    }
  }

  return {
    async status(user: AuthUser): Promise<MfaStatus> {
      const methods = await factorsOf(db.kysely, user.id);
      const codes = await db.kysely
        .selectFrom("mfaRecoveryCodes")
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .where("userId", "=", user.id)
        .where("usedAt", "is", null)
        .executeTakeFirstOrThrow();
      const passkeys = await db.kysely
        .selectFrom("mfaPasskeys")
        .select(["id", "name", "createdAt", "lastUsedAt"])
        .where("userId", "=", user.id)
        .orderBy("createdAt")
        .execute();
      return {
        totpEnabled: methods.includes("totp"),
        recoveryCodesLeft: Number(codes.count),
        passkeys: passkeys.map(toPasskey),
        enrolmentRequired: deps.requireMfa && methods.length === 0,
      };
    },

    /** A new secret, waiting for a code from the app; a set-up started before and not confirmed is replaced. */
    async startTotp(user: AuthUser, issuer: string): Promise<TotpEnrolment> {
      const existing = await db.kysely
        .selectFrom("mfaTotp")
        .select("confirmedAt")
        .where("userId", "=", user.id)
        .executeTakeFirst();
      if (existing?.confirmedAt) throw new Conflict(mfaMessages.totpAlreadyEnabled);
      const secret = new Secret({ size: 20 }).base32;
      const row = {
        secret: keys.encrypt(secret),
        confirmedAt: null,
        lastUsedStep: null,
        createdAt: clock.now().toISOString(),
      };
      await db.kysely
        .insertInto("mfaTotp")
        .values({ userId: user.id, ...row })
        .onConflict((conflict) => conflict.column("userId").doUpdateSet(row))
        .execute();
      const otpauthUrl = new TOTP({
        issuer,
        label: user.email,
        algorithm: "SHA1",
        digits: 6,
        period: 30,
        secret: Secret.fromBase32(secret),
      }).toString();
      return { secret, otpauthUrl };
    },

    /** The first code from the app turns it on and answers 10 new recovery codes, shown this once. */
    async confirmTotp(user: AuthUser, code: string): Promise<RecoveryCodesAnswer> {
      const pending = await db.kysely
        .selectFrom("mfaTotp")
        .select("confirmedAt")
        .where("userId", "=", user.id)
        .executeTakeFirst();
      if (!pending) throw new Conflict(mfaMessages.totpNotStarted);
      if (pending.confirmedAt) throw new Conflict(mfaMessages.totpAlreadyEnabled);
      const recoveryCodes = newRecoveryCodes();
      const at = clock.now().toISOString();
      const done = await db.kysely.transaction().execute(async (trx) => {
        if (!(await useTotpCode(trx, user.id, code, false))) return false;
        await trx.updateTable("mfaTotp").set({ confirmedAt: at }).where("userId", "=", user.id).execute();
        await replaceRecoveryCodes(trx, user.id, recoveryCodes, at);
        await refreshMfaEnabled(trx, user.id);
        await auditFactors(trx, user, {
          authenticatorApp: { from: "off", to: "on" },
          recoveryCodes: AUDIT_SECRET_CHANGED,
        });
        return true;
      });
      if (!done) throw new ValidationError({ code: mfaMessages.codeWrong });
      return { message: mfaMessages.recoveryCodesNote, recoveryCodes };
    },

    /** Turning the app off takes the password and a code (from the app, or a recovery code). */
    async disableTotp(user: AuthUser, body: TotpDisableBody, context: SignInContext) {
      const { account, attempt } = await checkPassword(user, body.password, context);
      const factors = await factorsOf(db.kysely, user.id);
      if (!factors.includes("totp")) {
        await attempt.refused();
        throw new Conflict(mfaMessages.totpNotEnabled);
      }
      if (!(await useCode(user.id, body.code))) {
        await attempt.failed();
        logSignIn(context, "failure", {
          login: account.userName,
          userGuid: account.guidId,
          reason: "wrong second-factor code (two-factor settings)",
        });
        throw new ValidationError({ code: mfaMessages.codeWrong });
      }
      await attempt.succeeded();
      await db.kysely.transaction().execute(async (trx) => {
        await trx.deleteFrom("mfaTotp").where("userId", "=", user.id).execute();
        // Passkeys left keep the recovery codes; with none, refreshMfaEnabled removes them.
        const stillOn = await refreshMfaEnabled(trx, user.id);
        await auditFactors(trx, user, {
          authenticatorApp: { from: "on", to: "off" },
          ...(stillOn ? {} : { recoveryCodes: AUDIT_SECRET_CHANGED }),
        });
        await markReauthenticated(trx, user.sessionId, clock.now());
      });
      return { message: mfaMessages.totpDisabled };
    },

    /** Options to register a passkey: the password first, since a passkey alone signs in. */
    async passkeyRegistrationOptions(user: AuthUser, password: string, context: SignInContext) {
      const { attempt } = await checkPassword(user, password, context);
      await attempt.succeeded();
      await markReauthenticated(db.kysely, user.sessionId, clock.now());
      const existing = await db.kysely
        .selectFrom("mfaPasskeys")
        .select(["id", "transports"])
        .where("userId", "=", user.id)
        .execute();
      const options = await generateRegistrationOptions({
        rpName: deps.relyingParty.name,
        rpID,
        userName: user.email,
        userID: new TextEncoder().encode(user.guidId),
        userDisplayName: [user.firstName, user.lastName].filter(Boolean).join(" ") || user.userName,
        attestationType: "none",
        excludeCredentials: existing.map((row) => ({
          id: row.id,
          ...(row.transports ? { transports: JSON.parse(row.transports) as string[] } : {}),
        })),
        authenticatorSelection: { residentKey: "required", userVerification: "required" },
      });
      await createChallengeStep(
        db.kysely,
        { id: randomUUID(), kind: "passkey-register", userId: user.id, challenge: options.challenge },
        clock.now(),
      );
      return options as unknown as Record<string, unknown>;
    },

    /** Checks the browser's answer against a challenge given to this account, and keeps the public key. */
    async addPasskey(user: AuthUser, name: string, response: RegistrationResponseJSON) {
      const now = clock.now();
      const open = await db.kysely
        .selectFrom("mfaSteps")
        .select(["id", "challenge"])
        .where("userId", "=", user.id)
        .where("kind", "=", "passkey-register")
        .where("usedAt", "is", null)
        .where("expiresAt", ">", now.toISOString())
        .execute();
      let stepId: string | undefined;
      let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
      try {
        verified = await verifyRegistrationResponse({
          response,
          expectedChallenge: (challenge) => {
            stepId = open.find((step) => step.challenge === challenge)?.id;
            return stepId !== undefined;
          },
          expectedOrigin: deps.relyingParty.origin,
          expectedRPID: rpID,
          requireUserVerification: true,
        });
      } catch {
        throw new ValidationError({ response: mfaMessages.passkeyFailed });
      }
      if (!verified.verified || !stepId || !(await useStep(db.kysely, stepId, now))) {
        throw new ValidationError({ response: mfaMessages.passkeyFailed });
      }
      const { credential } = verified.registrationInfo;
      const row = {
        id: credential.id,
        userId: user.id,
        name,
        publicKey: Buffer.from(credential.publicKey).toString("base64url"),
        counter: credential.counter,
        transports: credential.transports ? JSON.stringify(credential.transports) : null,
        createdAt: now.toISOString(),
        lastUsedAt: null,
      };
      // The first factor of an account comes with recovery codes, whichever kind it is.
      const recoveryCodes = await db.kysely.transaction().execute(async (trx) => {
        const first = (await factorsOf(trx, user.id)).length === 0;
        await trx.insertInto("mfaPasskeys").values(row).execute();
        await refreshMfaEnabled(trx, user.id);
        await auditFactors(trx, user, {
          passkey: { from: null, to: name },
          ...(first ? { recoveryCodes: AUDIT_SECRET_CHANGED } : {}),
        });
        if (!first) return undefined;
        const codes = newRecoveryCodes();
        await replaceRecoveryCodes(trx, user.id, codes, row.createdAt);
        return codes;
      });
      return {
        message: mfaMessages.passkeyAdded,
        passkey: toPasskey(row),
        ...(recoveryCodes ? { recoveryCodes } : {}),
      };
    },

    async deletePasskey(user: AuthUser, id: string) {
      const deleted = await db.kysely.transaction().execute(async (trx) => {
        const result = await trx
          .deleteFrom("mfaPasskeys")
          .where("id", "=", id)
          .where("userId", "=", user.id)
          .returning("name")
          .executeTakeFirst();
        if (!result) return false;
        const stillOn = await refreshMfaEnabled(trx, user.id);
        await auditFactors(trx, user, {
          passkey: { from: result.name, to: null },
          ...(stillOn ? {} : { recoveryCodes: AUDIT_SECRET_CHANGED }),
        });
        return true;
      });
      if (!deleted) throw new NotFound(mfaMessages.passkeyNotFound);
      return { message: mfaMessages.passkeyDeleted };
    },

    /** 10 new recovery codes in place of the old ones (used or not), shown this once. */
    async regenerateRecoveryCodes(user: AuthUser): Promise<RecoveryCodesAnswer> {
      const recoveryCodes = newRecoveryCodes();
      const done = await db.kysely.transaction().execute(async (trx) => {
        if ((await factorsOf(trx, user.id)).length === 0) return false;
        await replaceRecoveryCodes(trx, user.id, recoveryCodes, clock.now().toISOString());
        await auditFactors(trx, user, { recoveryCodes: AUDIT_SECRET_CHANGED });
        return true;
      });
      if (!done) throw new Conflict(mfaMessages.recoveryCodesNeedFactor);
      return { message: mfaMessages.recoveryCodesNote, recoveryCodes };
    },

    /**
     * A fresh proof for this session: the password, or a code (authenticator app or recovery code). A wrong
     * one counts toward the sign-in lockout like a wrong sign-in; a right one lets the session change its
     * sign-in factors for REAUTHENTICATION_MINUTES.
     */
    async reauthenticate(user: AuthUser, body: ReauthenticateBody, context: SignInContext) {
      if (body.password !== undefined) {
        const { attempt } = await checkPassword(user, body.password, context);
        await attempt.succeeded();
      } else {
        const account = await deps.auth.findAccountById(user.id);
        if (!account) throw new Unauthorized();
        const attempt = await attempts.start(account, account.userName, context.address);
        if (!(await useCode(user.id, body.code ?? ""))) {
          await attempt.failed();
          logSignIn(context, "failure", {
            login: account.userName,
            userGuid: account.guidId,
            reason: "wrong second-factor code (confirming a change of sign-in)",
          });
          throw new ValidationError({ code: mfaMessages.codeWrong });
        }
        await attempt.succeeded();
      }
      await markReauthenticated(db.kysely, user.sessionId, clock.now());
      return { message: mfaMessages.reauthenticated };
    },

    /** Options for a passkey as the second step of a sign-in: the step's own passkeys only. */
    async passkeyMfaOptions(mfaToken: string) {
      const now = clock.now();
      const step = await findStep(db.kysely, signInStepId(mfaToken), "sign-in", now);
      if (!step?.userId) throw new Unauthorized(mfaMessages.mfaTokenInvalid);
      const passkeys = await db.kysely
        .selectFrom("mfaPasskeys")
        .select(["id", "transports"])
        .where("userId", "=", step.userId)
        .execute();
      const options = await generateAuthenticationOptions({
        rpID,
        allowCredentials: passkeys.map((row) => ({
          id: row.id,
          ...(row.transports ? { transports: JSON.parse(row.transports) as string[] } : {}),
        })),
        userVerification: "preferred",
      });
      await db.kysely
        .updateTable("mfaSteps")
        .set({ challenge: options.challenge })
        .where("id", "=", step.id)
        .execute();
      return options as unknown as Record<string, unknown>;
    },

    /**
     * The second step of a sign-in: a TOTP code, a recovery code, or a passkey. A wrong one counts toward
     * the sign-in lockout of the account and address like a wrong password; the step's token is used once.
     */
    async verify(body: VerifyMfaBody, context: SignInContext): Promise<SignedInAnswer> {
      const now = clock.now();
      const step = await findStep(db.kysely, signInStepId(body.mfaToken), "sign-in", now);
      const account = step?.userId ? await deps.auth.findAccountById(step.userId) : undefined;
      if (!step || !account) throw new Unauthorized(mfaMessages.mfaTokenInvalid);
      const login = account.userName;
      const attempt = await attempts.start(account, login, context.address).catch(async (error) => {
        logSignIn(context, "locked", { login, userGuid: account.guidId });
        await deps.auth.recordFailedSignIn(account, context);
        throw error;
      });
      const ok = body.passkey
        ? Boolean(
            step.challenge &&
              (await verifyPasskeyAssertion(
                account.id,
                body.passkey as unknown as AuthenticationResponseJSON,
                step.challenge,
              )),
          )
        : await useCode(account.id, body.code ?? "");
      if (!ok) {
        await attempt.failed();
        logSignIn(context, "failure", { login, userGuid: account.guidId, reason: "wrong second factor" });
        await deps.auth.recordFailedSignIn(account, context);
        throw new Unauthorized(body.passkey ? mfaMessages.passkeyFailed : mfaMessages.codeWrong);
      }
      if (!(await useStep(db.kysely, step.id, now))) {
        await attempt.refused();
        throw new Unauthorized(mfaMessages.mfaTokenInvalid);
      }
      await attempt.succeeded();
      logSignIn(context, "success", { login, userGuid: account.guidId });
      return deps.auth.completeSignIn(account, context);
    },

    /** Passwordless sign-in, first half: a challenge any of this site's passkeys may answer. */
    async passkeySignInOptions() {
      const options = await generateAuthenticationOptions({ rpID, userVerification: "required" });
      const challengeId = randomUUID();
      await createChallengeStep(
        db.kysely,
        { id: challengeId, kind: "passkey-sign-in", userId: null, challenge: options.challenge },
        clock.now(),
      );
      return { challengeId, options: options as unknown as Record<string, unknown> };
    },

    /** Passwordless sign-in, second half: the passkey's signature, made with user verification. */
    async passkeySignIn(challengeId: string, response: AuthenticationResponseJSON, context: SignInContext) {
      const now = clock.now();
      const step = await findStep(db.kysely, challengeId, "passkey-sign-in", now);
      if (!step?.challenge) throw new Unauthorized(mfaMessages.passkeyStepExpired);
      const owner = await db.kysely
        .selectFrom("mfaPasskeys")
        .select("userId")
        .where("id", "=", response.id)
        .executeTakeFirst();
      const account = owner ? await deps.auth.findAccountById(owner.userId) : undefined;
      if (!account) {
        logSignIn(context, "failure", { login: "(passkey)", reason: "unknown passkey" });
        await deps.auth.recordFailedSignIn(undefined, context);
        throw new Unauthorized(mfaMessages.passkeyFailed);
      }
      const attempt = await attempts.start(account, account.userName, context.address);
      const passkey = await verifyPasskeyAssertion(null, response, step.challenge);
      if (!passkey || !(await useStep(db.kysely, step.id, now))) {
        await attempt.failed();
        logSignIn(context, "failure", {
          login: account.userName,
          userGuid: account.guidId,
          reason: "passkey not verified",
        });
        await deps.auth.recordFailedSignIn(account, context);
        throw new Unauthorized(mfaMessages.passkeyFailed);
      }
      await attempt.succeeded();
      logSignIn(context, "success", { login: account.userName, userGuid: account.guidId, reason: "passkey" });
      return deps.auth.completeSignIn(account, context);
    },
  };
}
export type MfaService = ReturnType<typeof createMfaService>;
