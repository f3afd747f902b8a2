import type { ConsultantTiming } from "@visadesk/contract/consultants";
import { timingMessages, WEEKDAYS } from "@visadesk/contract/consultants-constants";
import type { TimingBody } from "@visadesk/contract/consultants-timings-addresses";
import { brokenUniqueIndex } from "#api/db/errors";
import type { AppDeps } from "#api/deps";
import { Conflict, NotFound } from "#api/lib/errors";
import { newGuid } from "#api/lib/ids";
import { pageWindow } from "#api/lib/lists";
import { StaleVersion } from "#api/lib/versions";
import type { AuthUser } from "#api/modules/auth/auth-user";
import { actorOf, requireConsultant, toTiming } from "./consultant-answer";
import { recordOnConsultant, timingChanges } from "./consultant-history";
import * as records from "./timing-address-repository";

/** A consultant's timings or addresses that are not deleted (or everyone's), a page or all of them. */
export async function listOf<T extends keyof records.RecordOf, R>(
  deps: Pick<AppDeps, "db">,
  table: T,
  query: { consultantId?: string | undefined; page?: number; pageSize?: number },
  map: (row: records.RecordOf[T], consultantGuid: string) => R,
): Promise<{ data: R[]; total?: number }> {
  const { db } = deps;
  let consultantId: number[] | undefined;
  if (query.consultantId) consultantId = [(await requireConsultant(deps, query.consultantId)).id];
  const paged = query.page !== undefined || query.pageSize !== undefined;
  const { limit, offset } = pageWindow(query);
  const rows = await records.listRecords(db.kysely, table, {
    ...(consultantId ? { consultantId } : {}),
    ...(paged ? { limit, offset } : {}),
  });
  const data = rows.map(({ record, consultantGuid }) => map(record, consultantGuid));
  if (!paged) return { data };
  return { data, total: await records.countRecords(db.kysely, table, consultantId?.[0]) };
}

export const listTimings = (
  deps: Pick<AppDeps, "db">,
  query: { consultantId?: string | undefined; page?: number; pageSize?: number },
) => listOf(deps, "consultantTimings", query, toTiming);

/** Add (id 0), edit, or soft delete (isDeleted) one timing. */
export async function saveTiming(
  deps: Pick<AppDeps, "db" | "clock">,
  body: TimingBody,
  user: AuthUser,
  expected: number | undefined = body.version,
): Promise<ConsultantTiming> {
  const { db, clock } = deps;
  const consultant = await requireConsultant(deps, body.consultantId);
  const now = clock.now().toISOString();
  const days = Object.fromEntries(WEEKDAYS.map((day) => [day, body[day]]));
  const audit = {
    isActive: body.isActive,
    isDeleted: body.isDeleted,
    updatedAt: now,
    updatedBy: actorOf(user),
  };
  if (body.id === 0) {
    try {
      const row = await db.kysely.transaction().execute(async (trx) => {
        const inserted = await records.insertTiming(trx, {
          ...days,
          ...audit,
          guidId: body.guidId || newGuid(),
          consultantId: consultant.id,
          createdAt: now,
          createdBy: actorOf(user),
        });
        await recordOnConsultant(deps, trx, consultant, timingChanges(null, inserted));
        return inserted;
      });
      return toTiming(row, consultant.guidId);
    } catch (error) {
      if (brokenUniqueIndex(error) !== null) throw new Conflict(timingMessages.guidTaken, "guidId");
      throw error;
    }
  }
  const existing = await records.findRecord(db.kysely, "consultantTimings", body.id);
  if (!existing || existing.isDeleted || existing.consultantId !== consultant.id) {
    throw new NotFound(timingMessages.notFound);
  }
  if (body.guidId && body.guidId !== existing.guidId) throw new NotFound(timingMessages.notFound);
  const row = await db.kysely.transaction().execute(async (trx) => {
    const updated = await records.updateTiming(trx, existing.id, { ...days, ...audit }, expected);
    if (updated) {
      await recordOnConsultant(
        deps,
        trx,
        consultant,
        timingChanges(existing, updated.isDeleted ? null : updated),
      );
    }
    return updated;
  });
  if (!row) {
    const current = await records.findRecord(db.kysely, "consultantTimings", existing.id);
    throw current && !current.isDeleted ? new StaleVersion() : new NotFound(timingMessages.notFound);
  }
  return toTiming(row, consultant.guidId);
}
