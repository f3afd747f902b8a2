import { randomUUID } from "node:crypto";
import { type AuthenticationResponseJSON, generateAuthenticationOptions } from "@simplewebauthn/server";
import { mfaMessages } from "@visadesk/contract/mfa";
import { Unauthorized } from "#api/lib/errors";
import { logSignIn, type SignInContext } from "../login-attempts";
import { createChallengeStep, findStep, useStep } from "../mfa-store";
import type { MfaDeps } from "./mfa-deps";
import { verifyPasskeyAssertion } from "./passkey-assertion";

/** Passwordless sign-in, first half: a challenge any of this site's passkeys may answer. */
export async function passkeySignInOptions({ db, clock, rpID }: Pick<MfaDeps, "db" | "clock" | "rpID">) {
  const options = await generateAuthenticationOptions({ rpID, userVerification: "required" });
  const challengeId = randomUUID();
  await createChallengeStep(
    db.kysely,
    { id: challengeId, kind: "passkey-sign-in", userId: null, challenge: options.challenge },
    clock.now(),
  );
  return { challengeId, options: options as unknown as Record<string, unknown> };
}

/** Passwordless sign-in, second half: the passkey's signature, made with user verification. */
export async function passkeySignIn(
  deps: Pick<MfaDeps, "db" | "clock" | "auth" | "attempts" | "relyingParty" | "rpID">,
  challengeId: string,
  response: AuthenticationResponseJSON,
  context: SignInContext,
) {
  const { db, clock, auth } = deps;
  const now = clock.now();
  const step = await findStep(db.kysely, challengeId, "passkey-sign-in", now);
  if (!step?.challenge) throw new Unauthorized(mfaMessages.passkeyStepExpired);
  const owner = await db.kysely
    .selectFrom("mfaPasskeys")
    .select("userId")
    .where("id", "=", response.id)
    .executeTakeFirst();
  const account = owner ? await auth.findAccountById(owner.userId) : undefined;
  if (!account) {
    logSignIn(context, "failure", { login: "(passkey)", reason: "unknown passkey" });
    await auth.recordFailedSignIn(undefined, context);
    throw new Unauthorized(mfaMessages.passkeyFailed);
  }
  const attempt = await deps.attempts.start(account, account.userName, context.address);
  const passkey = await verifyPasskeyAssertion(deps, null, response, step.challenge);
  if (!passkey || !(await useStep(db.kysely, step.id, now))) {
    await attempt.failed();
    logSignIn(context, "failure", {
      login: account.userName,
      userGuid: account.guidId,
      reason: "passkey not verified",
    });
    await auth.recordFailedSignIn(account, context);
    throw new Unauthorized(mfaMessages.passkeyFailed);
  }
  await attempt.succeeded();
  logSignIn(context, "success", { login: account.userName, userGuid: account.guidId, reason: "passkey" });
  return auth.completeSignIn(account, context);
}
