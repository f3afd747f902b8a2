import type { UserDecision } from "@visadesk/contract/users";
import { approvalMessages } from "@visadesk/contract/users-constants";
import type { AppDeps } from "#api/deps";
import { Conflict, NotFound } from "#api/lib/errors";
import { recordChange } from "../../audit/service";
import { revokeSessionsOf } from "../../auth/service";
import * as repo from "../repository";
import { toUser } from "../user-answer";
import { decidePending, findUserAnyStatus, reopenRejected } from "./repository";

/** An Admin's decisions on registrations waiting for approval (see connect/register). */
export function registrationDecision(deps: AppDeps) {
  const { db, clock } = deps;
  return {
    async decide(guidId: string, decision: "approve" | "reject"): Promise<UserDecision> {
      const user = await repo.findUser(db.kysely, guidId);
      if (!user) throw new NotFound(approvalMessages.notFound);
      const status = decision === "approve" ? "active" : "rejected";
      const now = clock.now();
      const at = now.toISOString();
      const decided = await db.kysely.transaction().execute(async (trx) => {
        if (!(await decidePending(trx, user.id, status, at))) return false;
        await recordChange(trx, {
          action: decision,
          entity: "user",
          entityId: user.guidId,
          changes: { status: { from: user.status, to: status } },
          at: now,
        });
        // A rejected account keeps no session (it had none to keep while pending, but say so in one place).
        if (decision === "reject") await revokeSessionsOf(trx, user.id, at);
        return true;
      });
      if (!decided) throw new Conflict(approvalMessages.notPending);
      if (decision === "approve") {
        await deps.mailer.send({
          to: user.email,
          subject: `Your ${deps.config.companyName} account is ready`,
          // No name in it: the one typed at registration may not be the mailbox owner's.
          text: `Hello,\n\nAn administrator approved your ${deps.config.companyName} account. You can now sign in with your email or username.`,
        });
      }
      return {
        message: decision === "approve" ? approvalMessages.approved : approvalMessages.rejected,
        user: { ...toUser(user), status },
      };
    },

    /**
     * An Admin's second look at a rejected registration: back to pending approval (the list shows it with
     * Approve and Reject again), recorded in its history. It still cannot sign in until approved.
     */
    async reopen(guidId: string): Promise<UserDecision> {
      const user = await findUserAnyStatus(db.kysely, guidId);
      if (!user) throw new NotFound(approvalMessages.notFound);
      const now = clock.now();
      const reopened = await db.kysely.transaction().execute(async (trx) => {
        // Conditional on the status, so two Admins re-opening at once record it once.
        if (!(await reopenRejected(trx, user.id, now.toISOString()))) return false;
        await recordChange(trx, {
          action: "reopen",
          entity: "user",
          entityId: user.guidId,
          changes: { status: { from: "rejected", to: "pending" } },
          at: now,
        });
        return true;
      });
      if (!reopened) throw new Conflict(approvalMessages.notRejected);
      return { message: approvalMessages.reopened, user: toUser({ ...user, status: "pending" }) };
    },
  };
}
