import { mfaMessages } from "@visadesk/contract/mfa";
import type { Executor } from "#api/db/schema";
import { Unauthorized, ValidationError } from "#api/lib/errors";
import { verifyPassword } from "#api/lib/passwords";
import { type AuditChanges, recordChange } from "#api/modules/audit/service";
import type { AuthUser } from "../auth-user";
import { logSignIn, type SignInContext } from "../login-attempts";
import type { MfaDeps } from "./mfa-deps";

/**
 * One history row on the account for a change of its sign-in factors, by the signed-in owner. Only what
 * changed is named: never a secret, a code or a key (recovery codes only as "changed").
 */
export const auditFactors = (
  { clock }: Pick<MfaDeps, "clock">,
  trx: Executor,
  user: AuthUser,
  changes: AuditChanges,
) => recordChange(trx, { action: "update", entity: "user", entityId: user.guidId, changes, at: clock.now() });

/** The password again, for changes that weaken or widen sign-in: a wrong one counts toward the lockout. */
export async function checkPassword(
  { auth, attempts }: Pick<MfaDeps, "auth" | "attempts">,
  user: AuthUser,
  password: string,
  context: SignInContext,
) {
  const account = await auth.findAccountById(user.id);
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
