import { accountControlMessages, mfaMessages } from "@visadesk/contract/account-constants";
import type { UserDecision } from "@visadesk/contract/users";
import { approvalMessages } from "@visadesk/contract/users-constants";
import type { AppDeps } from "#api/deps";
import { Conflict, NotFound } from "#api/lib/errors";
import { changesBetween, recordChange } from "../../audit/service";
import { clearSignInFailures } from "../../auth/login-attempts";
import { resetSecondFactors, revokeSessionsOf } from "../../auth/service";
import * as repo from "../repository";
import { toUser } from "../user-answer";
import { lockActiveAdmins, setRole, setSuspended } from "./repository";

/** What an Admin does to another internal account. */
export type AccountControl =
  | { kind: "suspend" }
  | { kind: "reactivate" }
  | { kind: "role"; role: "Admin" | "Staff" }
  | { kind: "end-sessions" }
  | { kind: "reset-mfa" };

/** An Admin's control of the internal accounts, and the unlock of a sign-in lock. */
export function accountControl({ db, clock }: Pick<AppDeps, "db" | "clock">) {
  return {
    /**
     * Suspend, reactivate, change role, end sessions, reset the second factors (authenticator app, recovery
     * codes, passkeys). Each ends the account's sessions in the same transaction as the change, so it counts
     * from the next request on every replica; the last active Admin can be neither suspended nor demoted.
     */
    async control(actor: { id: number }, guidId: string, action: AccountControl): Promise<UserDecision> {
      const user = await repo.findUser(db.kysely, guidId);
      if (!user) throw new NotFound(approvalMessages.notFound);
      if (user.role === "AppUser") throw new Conflict(accountControlMessages.internalOnly);
      if (user.status !== "active") throw new Conflict(accountControlMessages.notActive);
      if (user.id === actor.id && action.kind !== "end-sessions")
        throw new Conflict(accountControlMessages.notSelf);
      const now = clock.now();
      const at = now.toISOString();
      const changed = await db.kysely.transaction().execute(async (trx) => {
        const demotes =
          user.role === "Admin" &&
          (action.kind === "suspend" || (action.kind === "role" && action.role === "Staff"));
        if (demotes) {
          const admins = await lockActiveAdmins(trx, db.dialect);
          if (admins.length <= 1 && admins.includes(user.id))
            throw new Conflict(accountControlMessages.lastAdmin);
        }
        let message: string;
        let next = user;
        switch (action.kind) {
          case "suspend":
            if (user.suspendedAt) throw new Conflict(accountControlMessages.alreadySuspended);
            await setSuspended(trx, user.id, at, at);
            next = { ...user, suspendedAt: at };
            message = accountControlMessages.suspended;
            break;
          case "reactivate":
            if (!user.suspendedAt) throw new Conflict(accountControlMessages.notSuspended);
            await setSuspended(trx, user.id, null, at);
            next = { ...user, suspendedAt: null };
            message = accountControlMessages.reactivated;
            break;
          case "role":
            await setRole(trx, user.id, action.role, at);
            next = { ...user, role: action.role };
            message = accountControlMessages.roleChanged(action.role);
            break;
          case "end-sessions":
            message = accountControlMessages.sessionsEnded;
            break;
          case "reset-mfa":
            await resetSecondFactors(trx, user.id);
            message = mfaMessages.resetDone;
            break;
        }
        await revokeSessionsOf(trx, user.id, at);
        const answer = toUser(next);
        await recordChange(trx, {
          action: "update",
          entity: "user",
          entityId: user.guidId,
          changes:
            action.kind === "reset-mfa"
              ? { secondFactors: "changed", sessions: "changed" }
              : {
                  ...changesBetween(toUser(user), answer, ["status"]),
                  ...changesBetween(user, next, ["role"]),
                  sessions: "changed",
                },
          at: now,
        });
        return { message, user: answer };
      });
      return changed;
    },

    /**
     * Every sign-in lock and slow-down that failed attempts left on the account ends, recorded with how many
     * failures it cleared.
     */
    async unlockSignIn(guidId: string): Promise<{ message: string }> {
      const user = await repo.findUser(db.kysely, guidId);
      if (!user) throw new NotFound(approvalMessages.notFound);
      if (user.role === "AppUser") throw new Conflict(approvalMessages.unlockInternalOnly);
      await db.kysely.transaction().execute(async (trx) => {
        const cleared = await clearSignInFailures(trx, user.id);
        await recordChange(trx, {
          action: "unlock",
          entity: "user",
          entityId: user.guidId,
          changes: cleared > 0 ? { signInFailures: { from: cleared, to: 0 } } : {},
          at: clock.now(),
        });
      });
      return { message: approvalMessages.unlocked };
    },
  };
}
