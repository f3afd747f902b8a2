import type { ConsultantAddress } from "@visadesk/contract/consultants";
import { addressMessages } from "@visadesk/contract/consultants-constants";
import type { AddressBody } from "@visadesk/contract/consultants-timings-addresses";
import { brokenUniqueIndex } from "#api/db/errors";
import type { AppDeps } from "#api/deps";
import { Conflict, NotFound } from "#api/lib/errors";
import { newGuid } from "#api/lib/ids";
import { StaleVersion } from "#api/lib/versions";
import type { AuthUser } from "#api/modules/auth/auth-user";
import { actorOf, requireConsultant, toAddress } from "./consultant-answer";
import { addressChanges, recordOnConsultant } from "./consultant-history";
import type * as repo from "./repository";
import * as records from "./timing-address-repository";
import { listOf } from "./timings";

export const listAddresses = (
  deps: Pick<AppDeps, "db">,
  query: { consultantId?: string | undefined; page?: number; pageSize?: number },
) => listOf(deps, "consultantAddresses", query, toAddress);

/** Saves every address of the body in one transaction (the screens send an array of one). */
export async function saveAddresses(
  deps: Pick<AppDeps, "db" | "clock">,
  bodies: AddressBody[],
  user: AuthUser,
  expected: Array<number | undefined> = bodies.map((body) => body.version),
): Promise<ConsultantAddress[]> {
  const { db, clock } = deps;
  const now = clock.now().toISOString();
  const consultants = new Map<string, repo.ConsultantRecord>();
  for (const body of bodies) {
    if (!consultants.has(body.consultantId)) {
      consultants.set(body.consultantId, await requireConsultant(deps, body.consultantId));
    }
  }
  try {
    return await db.kysely.transaction().execute(async (trx) => {
      const saved: ConsultantAddress[] = [];
      for (const [index, body] of bodies.entries()) {
        const consultant = consultants.get(body.consultantId)!;
        const { id, guidId, consultantId: _key, version: _version, ...fields } = body;
        const values = { ...fields, updatedAt: now, updatedBy: actorOf(user) };
        if (id === 0) {
          const row = await records.insertAddress(trx, {
            ...values,
            guidId: guidId || newGuid(),
            consultantId: consultant.id,
            createdAt: now,
            createdBy: actorOf(user),
          });
          await recordOnConsultant(deps, trx, consultant, addressChanges(null, row));
          saved.push(toAddress(row, consultant.guidId));
          continue;
        }
        const existing = await records.findRecord(trx, "consultantAddresses", id);
        if (
          !existing ||
          existing.isDeleted ||
          existing.consultantId !== consultant.id ||
          (guidId && guidId !== existing.guidId)
        ) {
          throw new NotFound(addressMessages.notFound);
        }
        const row = await records.updateAddress(trx, id, values, expected[index]);
        // One stale address refuses the whole array: the transaction changes none of them.
        if (!row) throw new StaleVersion();
        await recordOnConsultant(deps, trx, consultant, addressChanges(existing, row.isDeleted ? null : row));
        saved.push(toAddress(row, consultant.guidId));
      }
      return saved;
    });
  } catch (error) {
    if (brokenUniqueIndex(error) !== null) throw new Conflict(addressMessages.guidTaken, "guidId");
    throw error;
  }
}
