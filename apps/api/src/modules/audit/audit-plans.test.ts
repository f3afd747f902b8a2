import { AUDIT_ACTIONS, type AuditFilter } from "@visadesk/contract/audit";
import { type CompiledQuery, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Executor } from "#api/db/schema";
import { createTestApp, type TestApp } from "#test/helpers";
import * as queryPlans from "#test/query-plans";
import { auditRowsInBatches, listAuditRows } from "./repository";

/**
 * The history grows without end (a million rows is expected): a page of it, under each filter, must be read
 * in an index's order and stop at its limit, never sort every match or scan the table. The real repository
 * queries are captured and explained on a table of a few thousand rows.
 */
let t: TestApp;
const actor = "actor-of-the-plan";
beforeAll(async () => {
  t = await createTestApp();
  const total = t.db.dialect === "postgres" ? 20_000 : 3_000;
  const start = Date.parse("2026-01-01T00:00:00Z");
  for (let first = 0; first < total; first += 500) {
    const rows = Array.from({ length: Math.min(500, total - first) }, (_, k) => {
      const n = first + k;
      return {
        at: new Date(start + n * 60_000).toISOString(),
        actorGuidId: n % 50 === 0 ? actor : `actor-${n % 97}`,
        actorName: "Plan Actor",
        action: AUDIT_ACTIONS[n % AUDIT_ACTIONS.length] ?? "update",
        // A third are rows of tasks about the consultants.
        entity: n % 3 === 0 ? "task" : "consultant",
        entityId: n % 3 === 0 ? `task-${n % 1200}` : `consultant-${n % 400}`,
        aboutEntity: n % 3 === 0 ? "consultant" : null,
        aboutEntityId: n % 3 === 0 ? `consultant-${n % 400}` : null,
        subject: n % 3 === 0 ? "A task" : null,
        changes: "{}",
        requestId: null,
        ip: null,
      };
    });
    await t.db.kysely.insertInto("auditLog").values(rows).execute();
  }
  if (t.db.dialect === "postgres") await sql`analyze audit_log`.execute(t.db.kysely);
});
afterAll(() => t.close());

const queriesOf = (run: (db: Executor) => Promise<unknown>) =>
  queryPlans.queriesOf(t.db, (db) => run(db.kysely));
// What matters is that an index CAN answer in order, not what a small table makes cheapest.
const planOf = (query: CompiledQuery) => queryPlans.planOf(t.db, query, { sortless: true });

/** The plan reads audit_log through the named index, in its order, with no sort and no table scan. */
function expectIndexOrder(plan: string, index: string) {
  if (t.db.dialect === "sqlite") {
    expect(plan).toMatch(new RegExp(`audit_log USING (COVERING )?INDEX ${index}\\b`));
    expect(plan).not.toMatch(/USE TEMP B-TREE FOR ORDER BY/);
  } else {
    expect(plan).toMatch(new RegExp(`Index Scan( Backward)? using ${index}\\b`));
    expect(plan).not.toMatch(/Seq Scan on audit_log|\bSort\b/);
  }
}

/**
 * A record's history: its own rows and the rows about it (its tasks'), each read newest first from its
 * index up to the page's last row; only those few rows are then merged in order. Nothing reads the table.
 */
function expectRecordHistoryPlan(plan: string) {
  if (t.db.dialect === "sqlite") {
    expect(plan).toMatch(/SEARCH audit_log USING (COVERING )?INDEX audit_log_record\b/);
    expect(plan).toMatch(/SEARCH audit_log USING (COVERING )?INDEX audit_log_about\b/);
    expect(plan).not.toMatch(/SCAN audit_log\b/);
    // A sort may only order what a part read up to its limit, never the part's matches.
    const lines = plan.split("\n");
    lines.forEach((line, at) => {
      if (/USE TEMP B-TREE/.test(line)) expect(lines[at - 1]).toMatch(/^SCAN (own|about|history)\b/);
    });
  } else {
    expect(plan).toMatch(/Index Scan( Backward)? using audit_log_record\b/);
    expect(plan).toMatch(/Index Scan( Backward)? using audit_log_about\b/);
    expect(plan).not.toMatch(/Seq Scan on audit_log|Bitmap Heap Scan on audit_log/);
    // The two parts are merged in the order their indexes give (a Merge Append): nothing is sorted.
    expect(plan).toMatch(/Merge Append/);
    expect(plan).not.toMatch(/\bSort\s+\(cost/);
  }
}

/** A record's history, with and without other filters. */
const recordFilters: Record<string, AuditFilter> = {
  "one record": { entity: "consultant", entityId: "consultant-7" },
  "one record in a time range": {
    entity: "consultant",
    entityId: "consultant-7",
    from: "2026-01-01T10:00:00.000Z",
  },
  "one record's updates": { entity: "consultant", entityId: "consultant-7", action: "task-update" },
};

/** Each filter, and the index made for it (migration 015). */
const filters: Record<string, [AuditFilter, string]> = {
  "no filter": [{}, "audit_log_at"],
  "one actor": [{ actorId: actor }, "audit_log_actor"],
  "one action": [{ action: "update" }, "audit_log_action"],
  // The Activity screen's record type with an action (the bench's filtered page).
  "one action on one kind of record": [{ entity: "consultant", action: "update" }, "audit_log_action"],
  "a time range": [{ from: "2026-01-01T10:00:00.000Z", to: "2026-01-02T00:00:00.000Z" }, "audit_log_at"],
};

/** A page far down the history: it starts after this row, on the index. */
const deepCursor = { at: "2026-01-01T12:00:00.000Z", id: "5000" };

describe("query plans of the audit history", () => {
  for (const [name, [filter, index]] of Object.entries(filters)) {
    it(`pages by an index, newest first, with ${name}`, async () => {
      const [query] = await queriesOf((db) => listAuditRows(db, filter, deepCursor, 20));
      expect(query).toBeDefined();
      expectIndexOrder(await planOf(query as CompiledQuery), index);
    });

    it(`exports in batches by an index, with ${name}`, async () => {
      const queries = await queriesOf(async (db) => {
        let batches = 0;
        for await (const _rows of auditRowsInBatches(db, filter, 5)) {
          batches += 1;
          if (batches === 2) break;
        }
      });
      // The second batch starts after the first one's last row.
      expect(queries.length).toBeGreaterThanOrEqual(2);
      for (const query of queries) expectIndexOrder(await planOf(query), index);
    });
  }

  for (const [name, filter] of Object.entries(recordFilters)) {
    it(`pages ${name}'s history and the rows about it by their indexes, from a cursor too`, async () => {
      for (const cursor of [undefined, deepCursor]) {
        const queries = await queriesOf((db) => listAuditRows(db, filter, cursor, 25));
        expect(queries).toHaveLength(1);
        expectRecordHistoryPlan(await planOf(queries[0] as CompiledQuery));
      }
    });

    it(`exports ${name}'s history in batches by their indexes`, async () => {
      const queries = await queriesOf(async (db) => {
        let batches = 0;
        for await (const _rows of auditRowsInBatches(db, filter, 5)) {
          batches += 1;
          if (batches === 2) break;
        }
      });
      // The second batch starts after the first one's last row (the updates alone fill one batch).
      expect(queries).toHaveLength(filter.action ? 1 : 2);
      for (const query of queries) expectRecordHistoryPlan(await planOf(query));
    });
  }
});
