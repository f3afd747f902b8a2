import { apiErrorSchema } from "@visadesk/contract/common";
import type { CustomerLanguage } from "@visadesk/contract/customer-auth";
import { BACK_OFFICE_ROLES } from "@visadesk/contract/roles";
import { cnicDecisionBodySchema, userIdParamsSchema, userSchema } from "@visadesk/contract/users";
import { appUserMessages } from "@visadesk/contract/users-constants";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppDeps } from "#api/deps";
import { customerMail, t } from "#api/lib/customer-mail-i18n";
import { Conflict, NotFound } from "#api/lib/errors";
import type { Mail } from "#api/lib/mailer";
import { recordChange } from "../audit/service";
import { mailReaderOfAccount } from "../auth/service";
import * as repo from "./repository";
import { toUser } from "./service";

export const cnicVerificationMessages = {
  notPending: "This customer's CNIC is not waiting for a check",
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
export function cnicVerificationRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db, clock } = deps;
  return async (app) => {
    app.post(
      "/users/:id/cnic-verification",
      {
        config: { auth: BACK_OFFICE_ROLES },
        schema: {
          tags: ["User"],
          summary:
            "Verify or reject the CNIC a customer sent (a rejection gives the reason the customer is mailed)",
          params: userIdParamsSchema,
          body: cnicDecisionBodySchema,
          response: { 200: userSchema, 404: apiErrorSchema, 409: apiErrorSchema },
        },
      },
      async (request) => {
        const user = await repo.findUser(db.kysely, request.params.id);
        if (user?.role !== "AppUser") throw new NotFound(appUserMessages.notFound);
        const { decision } = request.body;
        const reason = decision === "rejected" ? (request.body.reason ?? null) : null;
        const now = clock.now();
        const decided = await db.kysely.transaction().execute(async (trx) => {
          const result = await trx
            .updateTable("users")
            .set((eb) => ({
              cnicVerification: decision,
              updatedAt: now.toISOString(),
              version: eb("version", "+", 1),
            }))
            .where("id", "=", user.id)
            .where("cnicVerification", "=", "pending")
            .executeTakeFirst();
          if (Number(result.numUpdatedRows) !== 1) return false;
          await recordChange(trx, {
            action: decision === "verified" ? "approve" : "reject",
            entity: "user",
            entityId: user.guidId,
            changes: {
              cnicVerification: { from: "pending", to: decision },
              ...(reason ? { reason: { from: null, to: reason } } : {}),
            },
            at: now,
          });
          return true;
        });
        if (!decided) throw new Conflict(cnicVerificationMessages.notPending);
        await mailReaderOfAccount(db.kysely, user.guidId)
          .then(({ language }) =>
            deps.mailer.send(decisionMail(user.email, language, decision, reason, deps.config.companyName)),
          )
          .catch((error) => {
            request.log.warn({ err: error }, "the CNIC decision mail was not sent");
          });
        const after = await repo.findUser(db.kysely, user.guidId);
        if (!after) throw new NotFound(appUserMessages.notFound);
        return toUser(after);
      },
    );
  };
}
