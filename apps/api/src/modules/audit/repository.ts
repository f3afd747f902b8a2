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

type After = { at: string; id: number | string };

/** The rows matching the filter, newest first, from after the given row on (by at and id). */
function newestFirst(db: Executor, filter: AuditFilter, after: After | undefined) {
  let query = filtered(db.selectFrom("auditLog").selectAll(), filter);
  if (after) {
    const { at, id } = after;
    // A row comparison: both engines walk the newest-first index from that point on.
    query = query.where((eb) => eb(eb.refTuple("at", "id"), "<", eb.tuple(at, id)));
  }
  return query.orderBy("at", "desc").orderBy("id", "desc");
}

/**
 * `limit` rows from `offset` on, newest first. A record's history is its own rows and the rows about it (its
 * tasks'): each part is read from its own index (audit_log_record, audit_log_about) up to the last row the
 * page may need, and only those few are merged, so the page costs the same at any size of the table.
 */
function rowsOf(db: Executor, filter: AuditFilter, limit: number, offset: number, after?: After) {
  const { entity, entityId } = filter;
  if (!entity || !entityId) return newestFirst(db, filter, after).limit(limit).offset(offset).execute();
  const { entity: _entity, entityId: _entityId, ...others } = filter;
  const own = newestFirst(db, filter, after).limit(offset + limit);
  const about = newestFirst(db, others, after)
    .where("aboutEntity", "=", entity)
    .where("aboutEntityId", "=", entityId)
    .limit(offset + limit);
  return db
    .selectFrom(
      db
        .selectFrom(own.as("own"))
        .selectAll()
        .unionAll(db.selectFrom(about.as("about")).selectAll())
        .as("history"),
    )
    .selectAll()
    .orderBy("at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .offset(offset)
    .execute();
}

/** One page, newest first, with one row more than asked for: its presence says there is a next page. */
export function listAuditRows(db: Executor, filter: AuditFilter, page: number, pageSize: number) {
  return rowsOf(db, filter, pageSize + 1, (page - 1) * pageSize);
}

/**
 * Every matching row, newest first, a batch at a time: each batch starts after the last row of the one
 * before (by at and id), so a long export neither holds the whole table in memory nor slows down as it goes.
 */
export async function* auditRowsInBatches(db: Executor, filter: AuditFilter, batchSize = 1000) {
  let after: After | undefined;
  for (;;) {
    const rows = await rowsOf(db, filter, batchSize, 0, after);
    yield rows;
    const last = rows.at(-1);
    if (!last || rows.length < batchSize) return;
    after = { at: last.at, id: last.id };
  }
}

/** The role and email of the accounts with these guids (deleted ones too), in one query. */
export function accountsByGuid(db: Executor, guidIds: string[]) {
  if (guidIds.length === 0) return Promise.resolve([]);
  return db.selectFrom("users").select(["guidId", "role", "email"]).where("guidId", "in", guidIds).execute();
}
