import { AUDIT_SECRET_CHANGED } from "@visadesk/contract/audit";
import {
  mfaMessages,
  type RecoveryCodesAnswer,
  type TotpDisableBody,
  type TotpEnrolment,
} from "@visadesk/contract/mfa";
import { Secret, TOTP } from "otpauth";
import { Conflict, ValidationError } from "#api/lib/errors";
import type { AuthUser } from "../auth-user";
import { logSignIn, type SignInContext } from "../login-attempts";
import { factorsOf, newRecoveryCodes, refreshMfaEnabled } from "../mfa-store";
import { markReauthenticated } from "../sessions";
import { useCode, useTotpCode } from "./codes";
import { auditFactors, checkPassword } from "./factor-changes";
import type { MfaDeps } from "./mfa-deps";
import { replaceRecoveryCodes } from "./recovery-codes";

/** A new secret, waiting for a code from the app; a set-up started before and not confirmed is replaced. */
export async function startTotp(
  { db, clock, keys }: Pick<MfaDeps, "db" | "clock" | "keys">,
  user: AuthUser,
  issuer: string,
): Promise<TotpEnrolment> {
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
}

/** The first code from the app turns it on and answers 10 new recovery codes, shown this once. */
export async function confirmTotp(
  deps: Pick<MfaDeps, "db" | "clock" | "keys">,
  user: AuthUser,
  code: string,
): Promise<RecoveryCodesAnswer> {
  const { db, clock } = deps;
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
    if (!(await useTotpCode(deps, trx, user.id, code, false))) return false;
    await trx.updateTable("mfaTotp").set({ confirmedAt: at }).where("userId", "=", user.id).execute();
    await replaceRecoveryCodes(deps, trx, user.id, recoveryCodes, at);
    await refreshMfaEnabled(trx, user.id);
    await auditFactors(deps, trx, user, {
      authenticatorApp: { from: "off", to: "on" },
      recoveryCodes: AUDIT_SECRET_CHANGED,
    });
    return true;
  });
  if (!done) throw new ValidationError({ code: mfaMessages.codeWrong });
  return { message: mfaMessages.recoveryCodesNote, recoveryCodes };
}

/** Turning the app off takes the password and a code (from the app, or a recovery code). */
export async function disableTotp(
  deps: Pick<MfaDeps, "db" | "clock" | "keys" | "auth" | "attempts">,
  user: AuthUser,
  body: TotpDisableBody,
  context: SignInContext,
) {
  const { db, clock } = deps;
  const { account, attempt } = await checkPassword(deps, user, body.password, context);
  const factors = await factorsOf(db.kysely, user.id);
  if (!factors.includes("totp")) {
    await attempt.refused();
    throw new Conflict(mfaMessages.totpNotEnabled);
  }
  if (!(await useCode(deps, user.id, body.code))) {
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
    await auditFactors(deps, trx, user, {
      authenticatorApp: { from: "on", to: "off" },
      ...(stillOn ? {} : { recoveryCodes: AUDIT_SECRET_CHANGED }),
    });
    await markReauthenticated(trx, user.sessionId, clock.now());
  });
  return { message: mfaMessages.totpDisabled };
}
