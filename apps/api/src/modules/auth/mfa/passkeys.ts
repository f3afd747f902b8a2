import { randomUUID } from "node:crypto";
import {
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import { AUDIT_SECRET_CHANGED } from "@visadesk/contract/audit";
import { mfaMessages, type Passkey } from "@visadesk/contract/mfa";
import { NotFound, ValidationError } from "#api/lib/errors";
import type { AuthUser } from "../auth-user";
import type { SignInContext } from "../login-attempts";
import { createChallengeStep, factorsOf, newRecoveryCodes, refreshMfaEnabled, useStep } from "../mfa-store";
import { markReauthenticated } from "../sessions";
import { auditFactors, checkPassword } from "./factor-changes";
import type { MfaDeps } from "./mfa-deps";
import { replaceRecoveryCodes } from "./recovery-codes";

export const toPasskey = (row: {
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

/** Options to register a passkey: the password first, since a passkey alone signs in. */
export async function passkeyRegistrationOptions(
  deps: Pick<MfaDeps, "db" | "clock" | "auth" | "attempts" | "relyingParty" | "rpID">,
  user: AuthUser,
  password: string,
  context: SignInContext,
) {
  const { db, clock } = deps;
  const { attempt } = await checkPassword(deps, user, password, context);
  await attempt.succeeded();
  await markReauthenticated(db.kysely, user.sessionId, clock.now());
  const existing = await db.kysely
    .selectFrom("mfaPasskeys")
    .select(["id", "transports"])
    .where("userId", "=", user.id)
    .execute();
  const options = await generateRegistrationOptions({
    rpName: deps.relyingParty.name,
    rpID: deps.rpID,
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
}

/** Checks the browser's answer against a challenge given to this account, and keeps the public key. */
export async function addPasskey(
  deps: Pick<MfaDeps, "db" | "clock" | "keys" | "relyingParty" | "rpID">,
  user: AuthUser,
  name: string,
  response: RegistrationResponseJSON,
) {
  const { db, clock } = deps;
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
      expectedRPID: deps.rpID,
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
    await auditFactors(deps, trx, user, {
      passkey: { from: null, to: name },
      ...(first ? { recoveryCodes: AUDIT_SECRET_CHANGED } : {}),
    });
    if (!first) return undefined;
    const codes = newRecoveryCodes();
    await replaceRecoveryCodes(deps, trx, user.id, codes, row.createdAt);
    return codes;
  });
  return {
    message: mfaMessages.passkeyAdded,
    passkey: toPasskey(row),
    ...(recoveryCodes ? { recoveryCodes } : {}),
  };
}

export async function deletePasskey(deps: Pick<MfaDeps, "db" | "clock">, user: AuthUser, id: string) {
  const deleted = await deps.db.kysely.transaction().execute(async (trx) => {
    const result = await trx
      .deleteFrom("mfaPasskeys")
      .where("id", "=", id)
      .where("userId", "=", user.id)
      .returning("name")
      .executeTakeFirst();
    if (!result) return false;
    const stillOn = await refreshMfaEnabled(trx, user.id);
    await auditFactors(deps, trx, user, {
      passkey: { from: result.name, to: null },
      ...(stillOn ? {} : { recoveryCodes: AUDIT_SECRET_CHANGED }),
    });
    return true;
  });
  if (!deleted) throw new NotFound(mfaMessages.passkeyNotFound);
  return { message: mfaMessages.passkeyDeleted };
}
