import type { AuditFilter } from "@visadesk/contract/audit";
import type { SelectQueryBuilder } from "kysely";
import type { Database, Executor } from "#api/db/schema";

export type NewAuditRow = Omit<Database["auditLog"], "id">;

/** Appends one row; the only write the product ever makes to the table. */
export function insertAuditRow(db: Executor, row: NewAuditRow) {
  return db.insertInto("auditLog").values(row).execute();
}

/** Each given filter narrows the rows; every combination is served by an index (migration 015). */
function filtered<O>(query: SelectQueryBuilder<Database, "auditLog", O>, filter: AuditFilter) {
  let narrowed = query;
  if (filter.entity) narrowed = narrowed.where("entity", "=", filter.entity);
  if (filter.entityId) narrowed = narrowed.where("entityId", "=", filter.entityId);
  if (filter.actorId) narrowed = narrowed.where("actorGuidId", "=", filter.actorId);
  if (filter.action) narrowed = narrowed.where("action", "=", filter.action);
  if (filter.from) narrowed = narrowed.where("at", ">=", filter.from);
  if (filter.to) narrowed = narrowed.where("at", "<", filter.to);
  return narrowed;
}

/** One page, newest first, with one row more than asked for: its presence says there is a next page. */
export function listAuditRows(db: Executor, filter: AuditFilter, page: number, pageSize: number) {
  return filtered(db.selectFrom("auditLog").selectAll(), filter)
    .orderBy("at", "desc")
    .orderBy("id", "desc")
    .limit(pageSize + 1)
    .offset((page - 1) * pageSize)
    .execute();
}

/**
 * Every matching row, newest first, a batch at a time: each batch starts after the last row of the one
 * before (by at and id), so a long export neither holds the whole table in memory nor slows down as it goes.
 */
export async function* auditRowsInBatches(db: Executor, filter: AuditFilter, batchSize = 1000) {
  let after: { at: string; id: number | string } | undefined;
  for (;;) {
    let query = filtered(db.selectFrom("auditLog").selectAll(), filter);
    if (after) {
      const { at, id } = after;
      // A row comparison: both engines walk the newest-first index from that point on.
      query = query.where((eb) => eb(eb.refTuple("at", "id"), "<", eb.tuple(at, id)));
    }
    const rows = await query.orderBy("at", "desc").orderBy("id", "desc").limit(batchSize).execute();
    yield rows;
    const last = rows.at(-1);
    if (!last || rows.length < batchSize) return;
    after = { at: last.at, id: last.id };
  }
}
