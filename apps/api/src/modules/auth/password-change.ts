import { accountMessages } from "@visadesk/contract/account-constants";
import { AUDIT_SECRET_CHANGED } from "@visadesk/contract/audit";
import type { Db } from "#api/db/database";
import type { Executor } from "#api/db/schema";
import type { Clock } from "#api/lib/clock";
import { ValidationError } from "#api/lib/errors";
import { assertAcceptablePassword } from "#api/lib/password-policy";
import { hashPassword } from "#api/lib/passwords";
import { type AuditActor, recordAudit } from "../audit/service";
import type { LoginAttempts, SignInContext } from "./login-attempts";
import { setPasswordHash } from "./repository";

/**
 * One rule for changing one's own password, a staff member's or a customer's: the current password proves
 * the owner, not someone at an unlocked screen (a wrong one counts toward the sign-in lockout like a wrong
 * sign-in); the new one differs from it and passes the policy. Then, in one transaction: the new hash (which
 * ends every unused reset link), whatever else the caller's side ends (its other sessions or devices), and
 * the history line, which never holds the password.
 */
export async function changeOwnPassword(
  deps: { db: Db; clock: Clock; attempts: LoginAttempts },
  change: {
    account: Parameters<LoginAttempts["proveOwner"]>[0] | undefined;
    userId: number;
    guidId: string;
    actor: AuditActor;
    body: { currentPassword: string; newPassword: string };
    context: SignInContext;
    /** The field error for a wrong current password, in the caller's words. */
    wrongCurrent: string;
    /** What else the new password ends, in the same transaction. */
    alsoEnd: (trx: Executor, at: string) => Promise<void>;
  },
): Promise<void> {
  const { account, body, context } = change;
  const refusal = { currentPassword: change.wrongCurrent };
  if (!account) throw new ValidationError(refusal);
  await deps.attempts.proveOwner(account, body.currentPassword, context, refusal);
  if (body.newPassword === body.currentPassword) {
    throw new ValidationError({ newPassword: accountMessages.samePassword });
  }
  assertAcceptablePassword(body.newPassword, "newPassword");
  const passwordHash = await hashPassword(body.newPassword);
  const at = deps.clock.now().toISOString();
  await deps.db.kysely.transaction().execute(async (trx) => {
    await setPasswordHash(trx, change.userId, passwordHash, at);
    await change.alsoEnd(trx, at);
    await recordAudit(trx, {
      context: { actor: change.actor, requestId: context.requestId ?? null, ip: context.address },
      action: "update",
      entity: "user",
      entityId: change.guidId,
      changes: { password: AUDIT_SECRET_CHANGED },
      at: new Date(at),
    });
  });
}
