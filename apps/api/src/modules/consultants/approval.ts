import { consultantMessages } from "@visadesk/contract/consultants-constants";
import type { BulkResult, ConsultantBulkBody } from "@visadesk/contract/lists";
import type { AppDeps } from "#api/deps";
import { NotFound } from "#api/lib/errors";
import { alreadyAsAsked, eachRow } from "#api/lib/lists";
import type { AuthUser } from "#api/modules/auth/auth-user";
import { recordChange } from "../audit/service";
import { actorOf, requireConsultant } from "./consultant-answer";
import { fieldChanges } from "./consultant-history";
import { deleteConsultant } from "./deletion";
import * as repo from "./repository";

/** Changes a consultant's approval or premium flag, as an update of that field alone would. */
export async function setFlags(
  deps: Pick<AppDeps, "db" | "clock">,
  key: string,
  values: { isApproved?: boolean; isPremium?: boolean },
  user: AuthUser,
): Promise<boolean> {
  const { db, clock } = deps;
  const existing = await requireConsultant(deps, key);
  // Already as asked: nothing to write or audit, and the row is not one an Undo should turn back.
  if (alreadyAsAsked(existing, values)) return false;
  const now = clock.now();
  await db.kysely.transaction().execute(async (trx) => {
    const updated = await repo.updateConsultant(
      trx,
      existing.id,
      { ...values, updatedAt: now.toISOString(), updatedBy: actorOf(user) },
      undefined,
    );
    if (!updated) throw new NotFound(consultantMessages.notFound);
    await recordChange(trx, {
      action: values.isApproved === true ? "approve" : "update",
      entity: "consultant",
      entityId: existing.guidId,
      changes: fieldChanges(existing, updated),
      at: now,
    });
  });
  return true;
}

/**
 * One bulk action on many consultants, each by the rules of its single action (the same code):
 * approve/unapprove and premium/unpremium are edits of the flag; delete is the single delete, which
 * refuses a consultant with upcoming appointments (its decision needs the delete page).
 */
export async function bulkConsultants(
  deps: Pick<AppDeps, "db" | "clock" | "config" | "mailer">,
  body: ConsultantBulkBody,
  user: AuthUser,
): Promise<BulkResult> {
  const flags = {
    approve: { isApproved: true },
    unapprove: { isApproved: false },
    premium: { isPremium: true },
    unpremium: { isPremium: false },
  } as const;
  return eachRow(body.ids, async (id) => {
    if (body.action === "delete") {
      await deleteConsultant(deps, id, {}, user);
      return true;
    }
    return setFlags(deps, id, flags[body.action], user);
  });
}
