import type { ConsultantDetail } from "@visadesk/contract/consultants";
import { consultantMessages } from "@visadesk/contract/consultants-constants";
import type { Db } from "#api/db/database";
import { keptReads } from "#api/db/kept-reads";
import type { AppDeps } from "#api/deps";
import { NotFound } from "#api/lib/errors";
import { answerOf, requireConsultant, toAddress, toTiming } from "./consultant-answer";
import * as repo from "./repository";
import * as records from "./timing-address-repository";

/** How many consultant details one API process keeps (a few MB at most). */
const DETAIL_CACHE_SIZE = 2000;

/**
 * Consultant details by the key asked with, kept at the revision the database moves on every change to a
 * consultant, its timings or addresses (migration 002): one small read instead of three on the most visited
 * record of the product, on every API replica alike; on the embedded engine, while nothing changed at all,
 * not even that read. One per app: built with the module's service.
 */
export const consultantDetails = (db: Db) => keptReads<string, ConsultantDetail>(db, DETAIL_CACHE_SIZE);
export type ConsultantDetails = ReturnType<typeof consultantDetails>;

/**
 * The detail, kept while unchanged (db/kept-reads.ts). Its no-show count changes with appointments, apart
 * from the consultant's revision: it is read in the same query as the revision.
 */
export async function getConsultantDetail(
  deps: Pick<AppDeps, "db" | "config"> & { details: ConsultantDetails },
  key: string,
): Promise<ConsultantDetail> {
  const { db, details } = deps;
  const mark = details.mark();
  const unchanged = details.unchanged(key, mark);
  if (unchanged) return unchanged;
  const current = await repo.consultantRevision(db.kysely, key);
  if (current === undefined) throw new NotFound(consultantMessages.notFound);
  const atRevision = details.atRevision(key, current.revision);
  if (atRevision) {
    const detail =
      atRevision.noShowCount === current.noShows
        ? atRevision
        : { ...atRevision, noShowCount: current.noShows };
    details.keep(key, detail, { mark, revision: current.revision });
    return detail;
  }

  const consultant = await requireConsultant(deps, key);
  const { timings, addresses } = await records.recordsOfConsultant(db.kysely, consultant.id);
  const detail = {
    ...answerOf(deps, consultant),
    timings: timings.map((row) => toTiming(row, consultant.guidId)),
    addresses: addresses.map((row) => toAddress(row, consultant.guidId)),
    noShowCount: current.noShows,
  };
  // Kept at the revision of the consultant row, read before its records: never newer than the data.
  details.keep(key, detail, { mark, revision: consultant.revision });
  return detail;
}
