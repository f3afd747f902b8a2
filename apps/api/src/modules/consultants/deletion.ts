import type { ConsultantDeleted, ConsultantRestored } from "@visadesk/contract/consultants";
import {
  consultantDeletionMessages,
  consultantMessages,
  type DeleteAppointmentChoice,
} from "@visadesk/contract/consultants-constants";
import type { AppDeps } from "#api/deps";
import { localDate } from "#api/lib/clock";
import { Conflict, NotFound } from "#api/lib/errors";
import type { AuthUser } from "#api/modules/auth/auth-user";
import {
  cancellationMails,
  countCancelledByDelete,
  countUpcomingAppointments,
  settleUpcoming,
} from "../appointments/deleted-party";
import { recordChange } from "../audit/service";
import { actorOf, answerOf, requireConsultant } from "./consultant-answer";
import * as repo from "./repository";

/** How many upcoming, not cancelled appointments deleting the consultant would leave to decide on. */
export async function deletionImpact(deps: Pick<AppDeps, "db" | "clock" | "config">, key: string) {
  const { db, clock } = deps;
  const consultant = await requireConsultant(deps, key);
  const today = localDate(clock.now(), deps.config.businessTimeZone);
  const party = { kind: "consultant", consultantId: consultant.id } as const;
  return { upcomingAppointments: await countUpcomingAppointments(db.kysely, party, today) };
}

/**
 * Soft delete (deletedAt): the consultant leaves lists and counts but nothing is lost. Booked upcoming
 * appointments need a decision, taken in the same transaction as the delete: cancel them (with a
 * reason, mailed to each customer once the delete is committed) or keep them, flagged by the delete
 * itself (their answers carry consultantDeleted). confirmUpcoming, the older form, means keep.
 */
export async function deleteConsultant(
  deps: Pick<AppDeps, "db" | "clock" | "config" | "mailer">,
  key: string,
  decision: {
    appointments?: DeleteAppointmentChoice | undefined;
    reason?: string | undefined;
    confirmUpcoming?: boolean;
  },
  user: AuthUser,
): Promise<ConsultantDeleted> {
  const { db, clock } = deps;
  const now = clock.now();
  const at = now.toISOString();
  const today = localDate(now, deps.config.businessTimeZone);
  const choice = decision.appointments ?? (decision.confirmUpcoming ? "keep" : undefined);
  const outcome = await db.kysely.transaction().execute(async (trx) => {
    const consultant = await repo.findConsultant(trx, key);
    if (!consultant) throw new NotFound(consultantMessages.notFound);
    const settled = await settleUpcoming(
      trx,
      { kind: "consultant", consultantId: consultant.id },
      { choice, reason: decision.reason },
      { today, at: now, by: actorOf(user) },
    );
    await repo.softDeleteConsultant(trx, consultant.id, at, actorOf(user));
    const cancelled = settled.cancelled.length;
    await recordChange(trx, {
      action: "delete",
      entity: "consultant",
      entityId: consultant.guidId,
      changes: {
        deletedAt: { from: null, to: at },
        ...(cancelled > 0 ? { cancelledAppointments: { from: 0, to: cancelled } } : {}),
      },
      at: now,
    });
    return settled;
  });
  // After the commit: a customer is never told of a cancel that was rolled back.
  await Promise.allSettled(
    cancellationMails("consultant", outcome.cancelled, outcome.reason, deps.config).map((mail) =>
      deps.mailer.send(mail),
    ),
  );
  return {
    message: consultantDeletionMessages.deletedResult(outcome.cancelled.length, outcome.kept),
    cancelledAppointments: outcome.cancelled.length,
    keptAppointments: outcome.kept,
  };
}

/**
 * An Admin's restore of a deleted consultant: it comes back with its timings and addresses (the delete
 * left them as they were). Appointments the delete cancelled stay cancelled: the answer says how many.
 */
export async function restoreConsultant(
  deps: Pick<AppDeps, "db" | "clock" | "config">,
  key: string,
  user: AuthUser,
): Promise<ConsultantRestored> {
  const { db, clock } = deps;
  const now = clock.now();
  const at = now.toISOString();
  const { consultant, cancelled } = await db.kysely.transaction().execute(async (trx) => {
    const found = await repo.findConsultantEvenDeleted(trx, key);
    if (!found) throw new NotFound(consultantMessages.notFound);
    if (!found.deletedAt || !(await repo.restoreConsultant(trx, found.id, at, actorOf(user)))) {
      throw new Conflict(consultantMessages.notDeleted);
    }
    const restored = await repo.findConsultant(trx, String(found.id));
    await recordChange(trx, {
      action: "restore",
      entity: "consultant",
      entityId: found.guidId,
      changes: { deletedAt: { from: found.deletedAt, to: null } },
      at: now,
    });
    return {
      consultant: restored!,
      cancelled: await countCancelledByDelete(
        trx,
        { kind: "consultant", consultantId: found.id },
        found.deletedAt,
      ),
    };
  });
  return {
    message: consultantMessages.restored,
    consultant: answerOf(deps, consultant),
    notRestored: cancelled > 0 ? [consultantDeletionMessages.deletedCancelled(cancelled)] : [],
  };
}
