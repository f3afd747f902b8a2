import { type CompiledQuery, sql } from "kysely";
import { afterAll, beforeAll } from "vitest";
import { createTestApp, type TestApp } from "#test/helpers";
import * as queryPlans from "#test/query-plans";
import type { Db } from "./database";
import { generateBulkData } from "./seed/generate";

/**
 * The list queries that must stay fast at 100k rows run the REAL repository functions; their SQL is
 * captured and explained, so a later change that falls back to a full scan fails here.
 * SQLite: EXPLAIN QUERY PLAN. PostgreSQL: EXPLAIN with seq scans discouraged (on a small table the
 * planner would rightly prefer one; what matters is that an index CAN answer the query).
 *
 * What the query plan tests share: one app per file, filled with enough rows for an index to pay
 * (`useQueryPlansApp`, called by each file so that its hooks are its own), the terms searched for, and the
 * capture of a repository function's queries and plans. `t` and `terms` are the current file's.
 */
export let t: TestApp;
export let terms: { consultant: string; appUser: string };

/** Starts the file's app and fills it before its tests, and closes it after them. */
export function useQueryPlansApp() {
  beforeAll(async () => {
    t = await createTestApp();
    // PostgreSQL's planner rightly reads a small table whole: give it enough rows for an index to pay.
    // SQLite: more rows than a total's sample (2,000), so counts and estimates are planned too.
    const rows = t.db.dialect === "postgres" ? 20_000 : 2_500;
    await generateBulkData(
      t.db,
      { consultants: rows, appUsers: rows, appointments: 2_500 },
      { businessTimeZone: "Asia/Karachi", seed: 3 },
    );
    // A surname, as staff would type it: it matches a few rows, as on a live database.
    const surname = (name: string | null) => (name ?? "").split(" ").at(-1)?.toLowerCase() ?? "";
    const consultant = await t.db.kysely
      .selectFrom("consultants")
      .select("name")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    const appUser = await t.db.kysely
      .selectFrom("users")
      .select("lastName")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    terms = { consultant: surname(consultant.name), appUser: surname(appUser.lastName) };
    // Planner statistics as each live database has them: PostgreSQL's autovacuum gathers them, while the
    // embedded database is never analyzed, so its plans are pinned without any.
    if (t.db.dialect === "postgres") await sql`analyze`.execute(t.db.kysely);
    // 20,000 rows of each kind, with their trigram indexes, take about a minute on a busy PostgreSQL.
  }, 180_000);
  afterAll(() => t.close());
}

export const queriesOf = (run: (db: Db) => Promise<unknown>) => queryPlans.queriesOf(t.db, run);
export const planOf = (query: CompiledQuery, bitmapOnly: boolean, sortless = false) =>
  queryPlans.planOf(t.db, query, { bitmapOnly, sortless });
export const plansOf = (run: (db: Db) => Promise<unknown>, bitmapOnly = false, sortless = false) =>
  queryPlans.plansOf(t.db, run, { bitmapOnly, sortless });

export const sqlite = () => t.db.dialect === "sqlite";
