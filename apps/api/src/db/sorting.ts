import type { SortOrder } from "@visadesk/contract/lists";
import { type Expression, type RawBuilder, type SqlBool, sql } from "kysely";

/**
 * How a list orders by one of its sortable fields: the SQL expressions of its key, the last one the row's
 * id (ties broken by id, so pages never repeat or skip a row). Each key is exactly the one an index of
 * migration 013 holds, so the order is read from the index, not sorted.
 */
export type SortKeys = readonly RawBuilder<unknown>[];

/** A nullable text column as its index holds it: absent sorts as empty, the same on both engines. */
export const textKey = (column: string) => sql`coalesce(${sql.ref(column)}, '')`;
export const columnKey = (column: string) => sql`${sql.ref(column)}`;
/** An appointment's status by name, as appointments_by_status (migration 018) holds it. */
export const appointmentStatusKey = sql`(case when ${sql.ref("appointments.isCancelled")} then 'Cancelled' when ${sql.ref(
  "appointments.isConfirmed",
)} then 'Confirmed' else 'Pending' end)`;

/** The ORDER BY of a key, every part in the one direction (an index read forwards or backwards). */
export function orderOf(keys: SortKeys, descending: boolean) {
  return sql.join(
    keys.map((key) => sql`${key} ${sql.raw(descending ? "desc" : "asc")}`),
    sql`, `,
  );
}

/** The key's values of a row, selected beside it so an export can continue after it. */
export const keyColumns = (keys: SortKeys) => keys.map((key, n) => key.as(`sortKey${n}`));

/**
 * The rows after the one whose key values are `after`, in the key's order: a row-value comparison, which
 * both engines answer from the key's index (keyset paging: each page costs the same, however deep).
 */
export function afterRow(
  keys: SortKeys,
  after: readonly unknown[],
  descending: boolean,
): Expression<SqlBool> {
  const left = sql.join(keys.map((key) => sql`${key}`));
  const right = sql.join(after.map((value) => sql`${value}`));
  return sql<SqlBool>`(${left}) ${sql.raw(descending ? "<" : ">")} (${right})`;
}

/** The key values of a row read with keyColumns. */
export function keyOf(row: Record<string, unknown>, keys: SortKeys): unknown[] {
  return keys.map((_, n) => row[`sortKey${n}`]);
}

/**
 * An ordered list read a page at a time, each page continuing after the last row of the one before
 * (keyset): memory holds one page, and the last page costs what the first did. `readPage` runs the list's
 * query ordered by orderOf(keys), with keyColumns(keys) selected, `pageSize` rows at most, and `after`
 * added to its conditions when given. Undefined once the list is read.
 */
export function keysetPages<R extends Record<string, unknown>>(
  keys: SortKeys,
  descending: boolean,
  pageSize: number,
  readPage: (after: Expression<SqlBool> | undefined) => Promise<R[]>,
): () => Promise<R[] | undefined> {
  let last: unknown[] | undefined;
  let done = false;
  return async () => {
    if (done) return undefined;
    const rows = await readPage(last && afterRow(keys, last, descending));
    if (rows.length < pageSize) done = true;
    else last = keyOf(rows.at(-1)!, keys);
    return rows;
  };
}

export type { SortOrder };
