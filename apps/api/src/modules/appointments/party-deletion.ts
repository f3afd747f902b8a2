import type { DeletedWithAppointments } from "@visadesk/contract/deletion";
import type { DeleteAppointmentChoice } from "@visadesk/contract/deletion-constants";
import type { Executor } from "#api/db/schema";
import type { AppDeps } from "#api/deps";
import { localDate } from "#api/lib/clock";
import { recordChange } from "../audit/service";
import {
  cancellationMails,
  countCancelledByDelete,
  type DeletedParty,
  settleUpcoming,
} from "./deleted-party";

/** The party a delete or a restore acts on, and the guid its history is kept under. */
export interface FoundParty {
  party: DeletedParty;
  guidId: string;
}

/** The history's entity for each kind of party. */
const AUDITED_AS = { consultant: "consultant", "app user": "user" } as const;

/**
 * A party's delete with its consequences for its upcoming appointments, in one transaction: the party
 * found, its upcoming appointments settled by the decision (settleUpcoming's rule), the party removed, and
 * the delete audited with how many it cancelled. The cancellation mails go after the commit, so no one is
 * told of a cancel that was rolled back; the answer counts what was cancelled and what was kept.
 */
export async function deleteWithConsequences<F extends FoundParty>(
  deps: Pick<AppDeps, "db" | "config" | "mailer">,
  deletion: {
    choice: DeleteAppointmentChoice | undefined;
    reason: string | undefined;
    now: Date;
    by: string;
    deletedResult: (cancelled: number, kept: number) => string;
  },
  steps: {
    find: (trx: Executor) => Promise<F>;
    remove: (trx: Executor, found: F, at: string) => Promise<unknown>;
  },
): Promise<DeletedWithAppointments> {
  const { now } = deletion;
  const at = now.toISOString();
  const today = localDate(now, deps.config.businessTimeZone);
  const { party, outcome } = await deps.db.kysely.transaction().execute(async (trx) => {
    const found = await steps.find(trx);
    const settled = await settleUpcoming(
      trx,
      found.party,
      { choice: deletion.choice, reason: deletion.reason },
      { today, at: now, by: deletion.by },
    );
    await steps.remove(trx, found, at);
    const cancelled = settled.cancelled.length;
    await recordChange(trx, {
      action: "delete",
      entity: AUDITED_AS[found.party.kind],
      entityId: found.guidId,
      changes: {
        deletedAt: { from: null, to: at },
        ...(cancelled > 0 ? { cancelledAppointments: { from: 0, to: cancelled } } : {}),
      },
      at: now,
    });
    return { party: found.party, outcome: settled };
  });
  await Promise.allSettled(
    cancellationMails(party.kind, outcome.cancelled, outcome.reason, deps.config).map((mail) =>
      deps.mailer.send(mail),
    ),
  );
  return {
    message: deletion.deletedResult(outcome.cancelled.length, outcome.kept),
    cancelledAppointments: outcome.cancelled.length,
    keptAppointments: outcome.kept,
  };
}

/**
 * A party's restore, inside the restore's transaction: audited, and what it does not bring back, for its
 * answer: the appointments its delete cancelled stay cancelled.
 */
export async function restoreWithConsequences(
  trx: Executor,
  found: FoundParty & { deletedAt: string },
  now: Date,
  deletedCancelled: (count: number) => string,
): Promise<string[]> {
  await recordChange(trx, {
    action: "restore",
    entity: AUDITED_AS[found.party.kind],
    entityId: found.guidId,
    changes: { deletedAt: { from: found.deletedAt, to: null } },
    at: now,
  });
  const cancelled = await countCancelledByDelete(trx, found.party, found.deletedAt);
  return cancelled > 0 ? [deletedCancelled(cancelled)] : [];
}
