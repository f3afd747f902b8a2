import type { Insertable, Kysely } from "kysely";
import type { DialectName } from "../database";
import type { Database } from "../schema";

/**
 * Bound parameters per statement: SQLite allows 32,766 and PostgreSQL 65,535. Staying well under both
 * keeps each multi-row INSERT large enough to amortise the round trip and small enough to prepare fast.
 */
const MAX_PARAMETERS: Record<DialectName, number> = { sqlite: 8_000, postgres: 20_000 };

type Table = keyof Database;

/** Rows per INSERT for a table of this width, for the engine. */
export function rowsPerInsert(dialect: DialectName, columns: number): number {
  return Math.max(1, Math.min(1_000, Math.floor(MAX_PARAMETERS[dialect] / Math.max(1, columns))));
}

/**
 * Multi-row INSERTs of the rows, in slices that fit the engine's parameter limit; answers how many went in.
 * With skipConflicts, rows that would break a unique index (a double booking) are left out instead of failing.
 */
export async function insertRows<T extends Table>(
  executor: Kysely<Database>,
  dialect: DialectName,
  table: T,
  rows: Insertable<Database[T]>[],
  options: { skipConflicts?: boolean } = {},
): Promise<number> {
  const first = rows[0];
  if (!first) return 0;
  const size = rowsPerInsert(dialect, Object.keys(first).length);
  let inserted = 0;
  // Kysely cannot narrow a generic table's row type; the caller's rows are typed by the table.
  for (let start = 0; start < rows.length; start += size) {
    let query = executor.insertInto(table).values(rows.slice(start, start + size) as never);
    if (options.skipConflicts) query = query.onConflict((conflict) => conflict.doNothing());
    const [result] = await query.execute();
    inserted += Number(result?.numInsertedOrUpdatedRows ?? 0);
  }
  return inserted;
}

/** Like insertRows, answering the new ids keyed by guidId (so children can point at their parent). */
export async function insertRowsReturningIds<T extends "users" | "consultants">(
  executor: Kysely<Database>,
  dialect: DialectName,
  table: T,
  rows: Insertable<Database[T]>[],
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  const first = rows[0];
  if (!first) return ids;
  const size = rowsPerInsert(dialect, Object.keys(first).length);
  for (let start = 0; start < rows.length; start += size) {
    const inserted = await executor
      .insertInto(table as "users")
      .values(rows.slice(start, start + size) as never)
      .returning(["id", "guidId"])
      .execute();
    for (const row of inserted) ids.set(row.guidId, row.id);
  }
  return ids;
}
