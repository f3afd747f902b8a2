import { CompiledQuery, type KyselyPlugin, type RootOperationNode, sql } from "kysely";
import { expect } from "vitest";
import type { Db } from "../src/db/database";

/**
 * Runs the repository call on a Db that records every query it sends, after all other plugins. Only the
 * queries sent count: a subquery is compiled on its own too, but is planned within the query it is part of.
 */
export async function queriesOf(db: Db, run: (db: Db) => Promise<unknown>): Promise<CompiledQuery[]> {
  const compiled = new Map<unknown, RootOperationNode>();
  const nodes: RootOperationNode[] = [];
  const capture: KyselyPlugin = {
    transformQuery: ({ node, queryId }) => {
      compiled.set(queryId, node);
      return node;
    },
    transformResult: async ({ result, queryId }) => {
      const node = compiled.get(queryId);
      if (node) nodes.push(node);
      return result;
    },
  };
  await run({ ...db, kysely: db.kysely.withPlugin(capture) });
  return nodes.map((node) => db.kysely.getExecutor().compileQuery(node, { queryId: "plan" }));
}

export interface PlanOptions {
  /**
   * PostgreSQL: also rule out walking an index in id order and filtering each row (what a tiny table makes
   * cheapest): the plan left must then show which index can find the matching rows.
   */
  bitmapOnly?: boolean;
  /** PostgreSQL: a small table's few matches are rightly sorted; what matters is that an index CAN give the order. */
  sortless?: boolean;
}

/**
 * The plan of one query, one line per step: SQLite's `explain query plan`, PostgreSQL's `explain` with
 * table scans ruled out (a test table is small enough to make them the cheapest).
 */
export async function planOf(db: Db, query: CompiledQuery, options: PlanOptions = {}): Promise<string> {
  if (db.dialect === "sqlite") {
    const plan = await db.kysely.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
    );
    return plan.rows.map((row) => row.detail).join("\n");
  }
  return db.kysely.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    if (options.bitmapOnly) await sql`set local enable_indexscan = off`.execute(trx);
    if (options.sortless) await sql`set local enable_sort = off`.execute(trx);
    const plan = await trx.executeQuery<{ "QUERY PLAN": string }>(
      CompiledQuery.raw(`explain ${query.sql}`, [...query.parameters]),
    );
    return plan.rows.map((row) => row["QUERY PLAN"]).join("\n");
  });
}

/** The plans of every query a repository call sends (at least one). */
export async function plansOf(db: Db, run: (db: Db) => Promise<unknown>, options: PlanOptions = {}) {
  const queries = await queriesOf(db, run);
  expect(queries.length).toBeGreaterThan(0);
  return Promise.all(queries.map((query) => planOf(db, query, options)));
}
