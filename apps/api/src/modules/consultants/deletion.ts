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
import { countUpcomingAppointments } from "../appointments/deleted-party";
import { deleteWithConsequences, restoreWithConsequences } from "../appointments/party-deletion";
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
  const choice = decision.appointments ?? (decision.confirmUpcoming ? "keep" : undefined);
  return deleteWithConsequences(
    deps,
    {
      choice,
      reason: decision.reason,
      now: deps.clock.now(),
      by: actorOf(user),
      deletedResult: consultantDeletionMessages.deletedResult,
    },
    {
      find: async (trx) => {
        const consultant = await repo.findConsultant(trx, key);
        if (!consultant) throw new NotFound(consultantMessages.notFound);
        return {
          party: { kind: "consultant", consultantId: consultant.id } as const,
          guidId: consultant.guidId,
        };
      },
      remove: (trx, { party }, at) => repo.softDeleteConsultant(trx, party.consultantId, at, actorOf(user)),
    },
  );
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
  const { consultant, notRestored } = await db.kysely.transaction().execute(async (trx) => {
    const found = await repo.findConsultantEvenDeleted(trx, key);
    if (!found) throw new NotFound(consultantMessages.notFound);
    if (!found.deletedAt || !(await repo.restoreConsultant(trx, found.id, at, actorOf(user)))) {
      throw new Conflict(consultantMessages.notDeleted);
    }
    const restored = await repo.findConsultant(trx, String(found.id));
    return {
      consultant: restored!,
      notRestored: await restoreWithConsequences(
        trx,
        {
          party: { kind: "consultant", consultantId: found.id },
          guidId: found.guidId,
          deletedAt: found.deletedAt,
        },
        now,
        consultantDeletionMessages.deletedCancelled,
      ),
    };
  });
  return { message: consultantMessages.restored, consultant: answerOf(deps, consultant), notRestored };
}
