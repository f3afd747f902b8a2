import type { ConsultantFields, TimeZoneChange } from "@visadesk/contract/consultants";
import { consultantMessages, timeZoneChangeMessages } from "@visadesk/contract/consultants-constants";
import { brokenUniqueIndex } from "#api/db/errors";
import type { AppDeps } from "#api/deps";
import { Conflict, NotFound } from "#api/lib/errors";
import { StaleVersion } from "#api/lib/versions";
import type { AuthUser } from "#api/modules/auth/auth-user";
import { appointmentsToRezone, rezoneAppointments, upcomingOf } from "../appointments/time-zone-change";
import { recordChange } from "../audit/service";
import { actorOf, answerOf, requireConsultant } from "./consultant-answer";
import { fieldChanges, imageChanges } from "./consultant-history";
import { type ConsultantImages, storeImages } from "./registration";
import * as repo from "./repository";

/**
 * A missing file keeps the existing image. With `expected`, only a consultant still at that version is
 * changed; otherwise nothing is (not even the images) and the answer is 409.
 */
export async function editConsultant(
  deps: Pick<AppDeps, "db" | "clock" | "config" | "files">,
  guidId: string,
  fields: ConsultantFields,
  images: ConsultantImages,
  user: AuthUser,
  expected?: number,
) {
  const { db, clock } = deps;
  const existing = await requireConsultant(deps, guidId);
  const now = clock.now();
  const zone = (row: repo.ConsultantRecord) => row.timeZone ?? deps.config.businessTimeZone;
  try {
    const row = await db.kysely.transaction().execute(async (trx) => {
      const paths = await storeImages(deps, trx, images, user, now);
      const updated = await repo.updateConsultant(
        trx,
        existing.id,
        { ...fields, ...paths, updatedAt: now.toISOString(), updatedBy: actorOf(user) },
        expected,
      );
      // Thrown inside the transaction, so the images stored for this save are dropped with it.
      if (!updated)
        throw (await repo.findConsultant(trx, existing.guidId))
          ? new StaleVersion()
          : new NotFound(consultantMessages.notFound);
      // Another zone: the appointments keep their instants and are shown in it (time-zone-change.ts).
      let upcomingRezoned = 0;
      if (zone(updated) !== zone(existing)) {
        const rezoned = await appointmentsToRezone(trx, existing.id, zone(updated));
        await rezoneAppointments(trx, rezoned, { at: now.toISOString(), by: actorOf(user) });
        upcomingRezoned = upcomingOf(rezoned, now).length;
      }
      await recordChange(trx, {
        action: "update",
        entity: "consultant",
        entityId: existing.guidId,
        changes: {
          ...fieldChanges(existing, updated),
          ...imageChanges(paths),
          ...(upcomingRezoned > 0 ? { appointmentsInNewTimeZone: { from: 0, to: upcomingRezoned } } : {}),
        },
        at: now,
      });
      return updated;
    });
    return answerOf(deps, row);
  } catch (error) {
    // Only the wall-clock fields changed, so only two of them meeting on one local time breaks the index.
    if (brokenUniqueIndex(error) !== null) throw new Conflict(timeZoneChangeMessages.clash, "timeZone");
    throw error;
  }
}

/**
 * What saving the consultant in `timeZone` would do to its upcoming appointments: each keeps its
 * instant and shows at another local date and time (those whose local time stays are not listed).
 */
export async function timeZoneChange(
  deps: Pick<AppDeps, "db" | "clock" | "config">,
  key: string,
  timeZone: string,
): Promise<TimeZoneChange> {
  const { db, clock } = deps;
  const consultant = await requireConsultant(deps, key);
  const from = consultant.timeZone ?? deps.config.businessTimeZone;
  const rezoned = from === timeZone ? [] : await appointmentsToRezone(db.kysely, consultant.id, timeZone);
  return {
    from,
    to: timeZone,
    appointments: upcomingOf(rezoned, clock.now()).map((row) => ({
      guidId: row.guidId,
      userEmail: row.userEmail,
      startsAt: row.startsAt,
      from: row.from,
      to: row.to,
    })),
  };
}
