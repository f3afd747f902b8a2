import { AUDIT_SEARCH_WINDOW, type AuditFilter, type AuditPosition } from "@visadesk/contract/audit";
import { type SelectQueryBuilder, sql } from "kysely";
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

/** A LIKE pattern matching the text itself anywhere, lower case: a name may hold _ or %. */
const containing = (text: string) =>
  `%${text.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

/**
 * The search: of the newest AUDIT_SEARCH_WINDOW rows a part's filters find (read from that part's index),
 * those whose actor, subject or record (its own or the one it is about: a consultant's name or business, an
 * account's names or email) holds the text. Each window row costs two lookups by guid, so a search costs
 * the same at any size of the history; older rows are reached by narrowing the dates.
 */
function searchedWithin(db: Executor, part: ReturnType<typeof newestFirst>, search: string) {
  const pattern = containing(search);
  const like = (column: string) => sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
  const recordGuid = sql<string>`coalesce(w.about_entity_id, w.entity_id)`;
  const recordKind = sql<string>`coalesce(w.about_entity, w.entity)`;
  return db
    .selectFrom(part.limit(AUDIT_SEARCH_WINDOW).as("w"))
    .leftJoin("consultants as c", (join) =>
      join.on((eb) => eb.and([eb(sql`${recordKind}`, "=", "consultant"), eb("c.guidId", "=", recordGuid)])),
    )
    .leftJoin("users as u", (join) =>
      join.on((eb) => eb.and([eb(sql`${recordKind}`, "=", "user"), eb("u.guidId", "=", recordGuid)])),
    )
    .selectAll("w")
    .where((eb) =>
      eb.or([
        like("w.actorName"),
        like("w.subject"),
        like("c.name"),
        like("c.businessName"),
        like("u.userName"),
        like("u.email"),
        sql<boolean>`lower(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')) like ${pattern} escape '\\'`,
      ]),
    )
    .orderBy("w.at", "desc")
    .orderBy("w.id", "desc");
}

/** One part of a page (all rows, or a record's own or about rows), with the search when there is one. */
function partOf(db: Executor, part: ReturnType<typeof newestFirst>, search: string | undefined) {
  // The searched part selects the same row (w.*), ordered the same: one type for the callers.
  return search ? (searchedWithin(db, part, search) as unknown as typeof part) : part;
}

/** Whether the search's window was full: older rows the search did not look at exist. */
export async function searchWindowFull(db: Executor, filter: AuditFilter) {
  const { search: _search, ...others } = filter;
  const row = await newestFirst(db, others, undefined)
    .clearSelect()
    .select("id")
    .offset(AUDIT_SEARCH_WINDOW)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * `limit` rows after the given one (from the newest without), newest first. A record's history is its own
 * rows and the rows about it (its tasks'): each part is read from its own index (audit_log_record, audit_log_about) up to the last row the
 * page may need, and only those few are merged, so the page costs the same at any size of the table.
 */
function rowsOf(db: Executor, wanted: AuditFilter, limit: number, after?: After) {
  const { search, ...filter } = wanted;
  const { entity, entityId } = filter;
  if (!entity || !entityId) {
    return partOf(db, newestFirst(db, filter, after), search)
      .limit(limit)
      .execute();
  }
  const { entity: _entity, entityId: _entityId, action, ...others } = filter;
  // Past a cursor, the action's index (action, at) looks as good to a planner as the record's, yet it reads
  // every row of that action back in time; the action is tested on the record's few rows instead.
  const ofAction = <O>(part: SelectQueryBuilder<Database, "auditLog", O>) =>
    action ? part.where(sql<string>`${sql.ref("action")} || ''`, "=", action) : part;
  const own = partOf(
    db,
    ofAction(newestFirst(db, others, after).where("entity", "=", entity).where("entityId", "=", entityId)),
    search,
  ).limit(limit);
  const about = partOf(
    db,
    ofAction(
      newestFirst(db, others, after).where("aboutEntity", "=", entity).where("aboutEntityId", "=", entityId),
    ),
    search,
  ).limit(limit);
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
    .execute();
}

/**
 * One page, newest first, from after the given row on (the cursor), with one row more than asked for: its
 * presence says there is a next page. Each page starts where the last one ended on the index, so the
 * thousandth page costs what the first does.
 */
export function listAuditRows(
  db: Executor,
  filter: AuditFilter,
  cursor: AuditPosition | undefined,
  pageSize: number,
) {
  return rowsOf(db, filter, pageSize + 1, cursor && afterOf(cursor));
}

/** The row a cursor names, as the index compares it (a number where it fits one, as SQLite stores it). */
function afterOf(position: AuditPosition): After {
  const id = Number(position.id);
  return { at: position.at, id: Number.isSafeInteger(id) ? id : position.id };
}

/**
 * Every matching row, newest first, a batch at a time: each batch starts after the last row of the one
 * before (by at and id), so a long export neither holds the whole table in memory nor slows down as it goes.
 */
export async function* auditRowsInBatches(db: Executor, filter: AuditFilter, batchSize = 1000) {
  let after: After | undefined;
  for (;;) {
    const rows = await rowsOf(db, filter, batchSize, after);
    yield rows;
    const last = rows.at(-1);
    if (!last || rows.length < batchSize) return;
    after = { at: last.at, id: last.id };
  }
}
