import type { CustomerLanguage } from "@visadesk/contract/customer-auth";
import type { CnicDecisionBody, User } from "@visadesk/contract/users";
import { appUserMessages } from "@visadesk/contract/users-constants";
import type { FastifyBaseLogger } from "fastify";
import { brokenUniqueIndex } from "#api/db/errors";
import type { AppDeps } from "#api/deps";
import { customerMail, t } from "#api/lib/customer-mail-i18n";
import { Conflict, NotFound } from "#api/lib/errors";
import type { Mail } from "#api/lib/mailer";
import { recordChange } from "../../audit/service";
import { mailReaderOfAccount } from "../../auth/service";
import * as repo from "../repository";
import { toUser } from "../user-answer";
import { decidePendingCnic } from "./repository";

export const cnicVerificationMessages = {
  notPending: appUserMessages.cnicNotPending,
  stillHeld: appUserMessages.cnicStillHeld,
} as const;

/** The customer's mail of staff's decision, in their language. */
function decisionMail(
  to: string,
  language: CustomerLanguage,
  decision: "verified" | "rejected",
  reason: string | null,
  company: string,
): Mail {
  return decision === "verified"
    ? customerMail(to, language, t(language, "cnicVerified.subject"), [
        t(language, "cnicVerified.body"),
        company,
      ])
    : customerMail(to, language, t(language, "cnicRejected.subject"), [
        t(language, "cnicRejected.body", { reason: reason ?? "" }),
        company,
      ]);
}

/**
 * Staff's decision on a CNIC a customer sent: verified, or rejected with a reason. Only a pending check is
 * decided (two staff deciding at once: the second gets 409); audited, and the customer is mailed after the
 * commit. The queue itself is the App Users list with verification=pending.
 */
export function cnicVerification(deps: AppDeps) {
  const { db, clock } = deps;
  return {
    async decideCnic(guidId: string, body: CnicDecisionBody, log: FastifyBaseLogger): Promise<User> {
      const user = await repo.findUser(db.kysely, guidId);
      if (user?.role !== "AppUser") throw new NotFound(appUserMessages.notFound);
      const { decision } = body;
      const reason = decision === "rejected" ? (body.reason ?? null) : null;
      const now = clock.now();
      // A conflict (the CNIC another account holds, found when the sign-up was proven) is decided as a
      // pending check is: verifying it holds only once the other account no longer holds that CNIC;
      // rejecting it also takes the number off this account, which must send its own again.
      const from = user.cnicVerification === "conflict" ? "conflict" : "pending";
      const decided = await db.kysely
        .transaction()
        .execute(async (trx) => {
          if (!(await decidePendingCnic(trx, user.id, decision, now.toISOString(), from))) return false;
          await recordChange(trx, {
            action: decision === "verified" ? "approve" : "reject",
            entity: "user",
            entityId: user.guidId,
            changes: {
              cnicVerification: { from, to: decision },
              ...(from === "conflict" && decision === "rejected"
                ? { cnic: { from: user.cnic, to: null } }
                : {}),
              ...(reason ? { reason: { from: null, to: reason } } : {}),
            },
            at: now,
          });
          return true;
        })
        .catch((error: unknown) => {
          // Only the CNIC's index can break here (SQLite names its column, PostgreSQL the index).
          if (brokenUniqueIndex(error)?.includes("cnic"))
            throw new Conflict(cnicVerificationMessages.stillHeld);
          throw error;
        });
      if (!decided) throw new Conflict(cnicVerificationMessages.notPending);
      await mailReaderOfAccount(db.kysely, user.guidId)
        .then(({ language }) =>
          deps.mailer.send(decisionMail(user.email, language, decision, reason, deps.config.companyName)),
        )
        .catch((error) => {
          log.warn({ err: error }, "the CNIC decision mail was not sent");
        });
      const after = await repo.findUser(db.kysely, user.guidId);
      if (!after) throw new NotFound(appUserMessages.notFound);
      return toUser(after);
    },
  };
}
