import { type AuthenticationResponseJSON, generateAuthenticationOptions } from "@simplewebauthn/server";
import { mfaMessages, type VerifyMfaBody } from "@visadesk/contract/mfa";
import { Unauthorized } from "#api/lib/errors";
import { logSignIn, type SignInContext } from "../login-attempts";
import { findStep, signInStepId, useStep } from "../mfa-store";
import type { SignedInAnswer } from "../sign-in";
import { useCode } from "./codes";
import type { MfaDeps } from "./mfa-deps";
import { verifyPasskeyAssertion } from "./passkey-assertion";

/** Options for a passkey as the second step of a sign-in: the step's own passkeys only. */
export async function passkeyMfaOptions(
  { db, clock, rpID }: Pick<MfaDeps, "db" | "clock" | "rpID">,
  mfaToken: string,
) {
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
}

/**
 * The second step of a sign-in: a TOTP code, a recovery code, or a passkey. A wrong one counts toward
 * the sign-in lockout of the account and address like a wrong password; the step's token is used once.
 */
export async function verifySecondStep(
  deps: Pick<MfaDeps, "db" | "clock" | "keys" | "auth" | "attempts" | "relyingParty" | "rpID">,
  body: VerifyMfaBody,
  context: SignInContext,
): Promise<SignedInAnswer> {
  const { db, clock, auth } = deps;
  const now = clock.now();
  const step = await findStep(db.kysely, signInStepId(body.mfaToken), "sign-in", now);
  const account = step?.userId ? await auth.findAccountById(step.userId) : undefined;
  if (!step || !account) throw new Unauthorized(mfaMessages.mfaTokenInvalid);
  const login = account.userName;
  const attempt = await deps.attempts.start(account, login, context.address).catch(async (error) => {
    logSignIn(context, "locked", { login, userGuid: account.guidId });
    await auth.recordFailedSignIn(account, context);
    throw error;
  });
  const ok = body.passkey
    ? Boolean(
        step.challenge &&
          (await verifyPasskeyAssertion(
            deps,
            account.id,
            body.passkey as unknown as AuthenticationResponseJSON,
            step.challenge,
          )),
      )
    : await useCode(deps, account.id, body.code ?? "");
  if (!ok) {
    await attempt.failed();
    logSignIn(context, "failure", { login, userGuid: account.guidId, reason: "wrong second factor" });
    await auth.recordFailedSignIn(account, context);
    throw new Unauthorized(body.passkey ? mfaMessages.passkeyFailed : mfaMessages.codeWrong);
  }
  if (!(await useStep(db.kysely, step.id, now))) {
    await attempt.refused();
    throw new Unauthorized(mfaMessages.mfaTokenInvalid);
  }
  await attempt.succeeded();
  logSignIn(context, "success", { login, userGuid: account.guidId });
  return auth.completeSignIn(account, context);
}
