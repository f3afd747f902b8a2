import { mfaMessages, type ReauthenticateBody } from "@visadesk/contract/mfa";
import { Unauthorized, ValidationError } from "#api/lib/errors";
import type { AuthUser } from "../auth-user";
import { logSignIn, type SignInContext } from "../login-attempts";
import { markReauthenticated } from "../sessions";
import { useCode } from "./codes";
import { checkPassword } from "./factor-changes";
import type { MfaDeps } from "./mfa-deps";

/**
 * A fresh proof for this session: the password, or a code (authenticator app or recovery code). A wrong
 * one counts toward the sign-in lockout like a wrong sign-in; a right one lets the session change its
 * sign-in factors for REAUTHENTICATION_MINUTES.
 */
export async function reauthenticate(
  deps: Pick<MfaDeps, "db" | "clock" | "keys" | "auth" | "attempts">,
  user: AuthUser,
  body: ReauthenticateBody,
  context: SignInContext,
) {
  if (body.password !== undefined) {
    const { attempt } = await checkPassword(deps, user, body.password, context);
    await attempt.succeeded();
  } else {
    const account = await deps.auth.findAccountById(user.id);
    if (!account) throw new Unauthorized();
    const attempt = await deps.attempts.start(account, account.userName, context.address);
    if (!(await useCode(deps, user.id, body.code ?? ""))) {
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
  await markReauthenticated(deps.db.kysely, user.sessionId, deps.clock.now());
  return { message: mfaMessages.reauthenticated };
}
