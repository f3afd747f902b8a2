import { CompiledQuery, type KyselyPlugin, type RootOperationNode, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "#api/db/database";
import { generateBulkData } from "#api/db/seed/generate";
import type { AuthUser } from "#api/modules/auth/auth-user";
import { createTestApp, type TestApp } from "#test/helpers";
import { createNotificationService } from "../notifications/service";
import { createTaskService } from "../tasks/service";
import { createOverviewService } from "./overview";

/**
 * The dashboard's overview and the bell are asked on every visit and every minute: each of their queries
 * must be answered through an index, never by reading a whole table. Their real SQL is captured and
 * explained (SQLite: EXPLAIN QUERY PLAN; PostgreSQL: EXPLAIN with sequential scans discouraged, so a seq
 * scan in the plan means no index can answer).
 */
let t: TestApp;
let admin: AuthUser;
beforeAll(async () => {
  t = await createTestApp();
  await generateBulkData(
    t.db,
    { consultants: 200, appUsers: 2_000, appointments: 2_500 },
    { businessTimeZone: "Asia/Karachi", seed: 7 },
  );
  if (t.db.dialect === "postgres") await sql`analyze`.execute(t.db.kysely);
  const account = await t.createAccount({ role: "Admin" });
  admin = {
    id: account.id,
    guidId: account.guidId,
    userName: account.userName,
    email: account.email,
    firstName: null,
    lastName: null,
    role: "Admin",
    sessionId: "plan",
    isPasswordTemporary: false,
    isMfaEnabled: false,
  };
});
afterAll(() => t.close());

async function queriesOf(run: (db: Db) => Promise<unknown>): Promise<CompiledQuery[]> {
  const nodes: RootOperationNode[] = [];
  const capture: KyselyPlugin = {
    transformQuery: ({ node }) => {
      nodes.push(node);
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  await run({ ...t.db, kysely: t.db.kysely.withPlugin(capture) });
  return nodes.map((node) => t.db.kysely.getExecutor().compileQuery(node, { queryId: "plan" }));
}

async function planOf(query: CompiledQuery): Promise<string> {
  if (t.db.dialect === "sqlite") {
    const plan = await t.db.kysely.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
    );
    return plan.rows.map((row) => row.detail).join("\n");
  }
  return t.db.kysely.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    const plan = await trx.executeQuery<{ "QUERY PLAN": string }>(
      CompiledQuery.raw(`explain ${query.sql}`, [...query.parameters]),
    );
    return plan.rows.map((row) => row["QUERY PLAN"]).join("\n");
  });
}

const TABLES = "appointments|users|tasks|consultants|appointment_reminders|notification_reads";

const PARTIAL =
  "appointment_reminders_failed|users_pending_internal|appointments_pending_by_start|appointments_unpaid_by_start";

function expectIndexed(plans: string[]) {
  for (const plan of plans) {
    if (t.db.dialect === "sqlite") {
      // A SCAN reads every row (or every entry of an index) of the table; a partial index holds only the
      // rows that need doing, so walking it whole is what it is for.
      const scans = plan.split("\n").filter((line) => new RegExp(`^SCAN (${TABLES})\\b`).test(line));
      for (const scan of scans) expect(scan).toMatch(new RegExp(`USING (COVERING )?INDEX (${PARTIAL})$`));
    } else {
      expect(plan).not.toMatch(new RegExp(`Seq Scan on (${TABLES})\\b`));
    }
  }
}

const deps = (db: Db) => ({ db, clock: { now: () => new Date(), wait: async () => {} }, config: t.config });

describe("query plans of the overview and the notifications", () => {
  it("the dashboard overview reads every part through an index", async () => {
    const queries = await queriesOf(async (db) => {
      const tasks = createTaskService(deps(db));
      await createOverviewService({
        db,
        clock: deps(db).clock,
        businessTimeZone: "Asia/Karachi",
        tasks,
      }).overview(admin);
    });
    // Today, awaiting (page and count), unpaid (page and count), registrations (page and count), tasks, 12 weeks.
    expect(queries.length).toBeGreaterThanOrEqual(20);
    const plans = await Promise.all(queries.map(planOf));
    expectIndexed(plans);
    const text = plans.join("\n");
    for (const index of [
      "appointments_by_start",
      "appointments_pending_by_start",
      "appointments_unpaid_by_start",
    ]) {
      expect(text).toContain(index);
    }
    expect(text).toContain("users_pending_internal");
  });

  it("the notifications read every cause through an index", async () => {
    const queries = await queriesOf((db) => createNotificationService(deps(db)).list(admin));
    const plans = await Promise.all(queries.map(planOf));
    expectIndexed(plans);
  });
});
