import { CompiledQuery, type KyselyPlugin, type RootOperationNode, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/helpers";
import { countAppointments, listAppointments } from "../modules/appointments/repository";
import {
  consultantRevision,
  countConsultants,
  findConsultant,
  listConsultants,
  recordsOfConsultant,
} from "../modules/consultants/repository";
import { pageOfUsers } from "../modules/users/repository";
import type { Db } from "./database";
import { generateBulkData } from "./seed/generate";

/**
 * The list queries that must stay fast at 100k rows run the REAL repository functions; their SQL is
 * captured and explained, so a later change that falls back to a full scan fails here.
 * SQLite: EXPLAIN QUERY PLAN. PostgreSQL: EXPLAIN with seq scans discouraged (on a small table the
 * planner would rightly prefer one; what matters is that an index CAN answer the query).
 */
let t: TestApp;
let terms: { consultant: string; appUser: string };
beforeAll(async () => {
  t = await createTestApp();
  // PostgreSQL's planner rightly reads a small table whole: give it enough rows for an index to pay.
  const rows = t.db.dialect === "postgres" ? 20_000 : 300;
  await generateBulkData(
    t.db,
    { consultants: rows, appUsers: rows, appointments: 1_200 },
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
  // Planner statistics, as a live database has them.
  await sql`analyze`.execute(t.db.kysely);
});
afterAll(() => t.close());

/** Runs the repository call on a Db that records every query it sends, after all other plugins. */
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

/**
 * The plan of one query, one line per step. On PostgreSQL `bitmapOnly` also rules out walking an index
 * in id order and filtering each row (what a tiny table makes cheapest): the plan left must then show
 * which index can find the matching rows.
 */
async function planOf(query: CompiledQuery, bitmapOnly: boolean): Promise<string> {
  if (t.db.dialect === "sqlite") {
    const plan = await t.db.kysely.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
    );
    return plan.rows.map((row) => row.detail).join("\n");
  }
  return t.db.kysely.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    if (bitmapOnly) await sql`set local enable_indexscan = off`.execute(trx);
    const plan = await trx.executeQuery<{ "QUERY PLAN": string }>(
      CompiledQuery.raw(`explain ${query.sql}`, [...query.parameters]),
    );
    return plan.rows.map((row) => row["QUERY PLAN"]).join("\n");
  });
}

async function plansOf(run: (db: Db) => Promise<unknown>, bitmapOnly = false): Promise<string[]> {
  const queries = await queriesOf(run);
  expect(queries.length).toBeGreaterThan(0);
  return Promise.all(queries.map((query) => planOf(query, bitmapOnly)));
}

const sqlite = () => t.db.dialect === "sqlite";

describe("query plans of the lists that must scale", () => {
  it("consultant search (a page of 12 and its total) uses the trigram index, not a scan", async () => {
    const plans = await plansOf(async (db) => {
      await listConsultants(db, { search: terms.consultant, limit: 12, offset: 0 });
      await countConsultants(db, terms.consultant);
    }, true);
    expect(plans).toHaveLength(2);
    for (const plan of plans) {
      if (sqlite()) {
        expect(plan).toMatch(/SCAN consultants_search VIRTUAL TABLE INDEX \d+:[LG]\d/);
        expect(plan).not.toMatch(/SCAN consultants\b(?!_search)/);
      } else {
        expect(plan).toContain("consultants_search_trgm");
        expect(plan).not.toMatch(/Seq Scan on consultants\b/);
      }
    }
  });

  it("app user search (a page of 12 and its total) uses the trigram index, not a scan", async () => {
    const plans = await plansOf(
      (db) => pageOfUsers(db, { role: "AppUser", search: terms.appUser }, { offset: 0, limit: 12 }),
      true,
    );
    expect(plans).toHaveLength(2);
    for (const plan of plans) {
      if (sqlite()) {
        expect(plan).toMatch(/SCAN users_search VIRTUAL TABLE INDEX \d+:[LG]\d/);
        expect(plan).not.toMatch(/SCAN users\b(?!_search)/);
      } else {
        expect(plan).toContain("users_search_trgm");
        expect(plan).not.toMatch(/Seq Scan on users\b/);
      }
    }
  });

  it("appointments of one consultant (a page of 12 and its total) use appointments_by_consultant", async () => {
    const busiest = await t.db.kysely
      .selectFrom("appointments")
      .select("consultantId")
      .groupBy("consultantId")
      .orderBy(sql`count(*)`, "desc")
      .executeTakeFirstOrThrow();
    const plans = await plansOf(async (db) => {
      await listAppointments(db.kysely, { consultantId: busiest.consultantId }, { limit: 12, offset: 0 });
      await countAppointments(db.kysely, { consultantId: busiest.consultantId });
    });
    expect(plans).toHaveLength(2);
    for (const plan of plans) {
      if (sqlite()) {
        // The page: the index gives the order too, so no temporary sort over the consultant's bookings.
        expect(plan).toMatch(/SEARCH appointments USING (COVERING )?INDEX appointments_by_consultant/);
        expect(plan).not.toMatch(/SCAN appointments\b/);
      } else {
        expect(plan).toContain("appointments_by_consultant");
        expect(plan).not.toMatch(/Seq Scan on appointments\b/);
      }
    }
    if (sqlite()) expect(plans[0]).not.toMatch(/USE TEMP B-TREE FOR ORDER BY/);
  });

  it("a consultant's detail (its revision, the consultant, its timings and addresses) is read by index", async () => {
    const consultant = await t.db.kysely
      .selectFrom("consultants")
      .select(["guidId", "id"])
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    const queries = await queriesOf(async (db) => {
      await consultantRevision(db.kysely, consultant.guidId);
      await findConsultant(db.kysely, consultant.guidId);
      await recordsOfConsultant(db.kysely, consultant.id);
    });
    // These reads are compiled once with stand-ins for their values (db/prepared.ts): put the real ones back.
    const withValues = (query: CompiledQuery) =>
      CompiledQuery.raw(
        query.sql,
        query.parameters.map((value) =>
          typeof value === "string" && value.includes("\u0000")
            ? query.sql.includes("guid_id")
              ? consultant.guidId
              : consultant.id
            : value,
        ),
      );
    const plans = await Promise.all(queries.map((query) => planOf(withValues(query), false)));
    expect(plans).toHaveLength(4);
    for (const plan of plans) {
      if (sqlite()) {
        expect(plan).toMatch(/^SEARCH \w+ USING (COVERING )?INDEX \w+ \((guid_id|consultant_id)=\?\)/);
        expect(plan).not.toMatch(/\bSCAN\b/);
      } else {
        expect(plan).toMatch(/Index|Bitmap/);
        expect(plan).not.toMatch(/Seq Scan/);
      }
    }
  });
});
