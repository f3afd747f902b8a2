import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, dialectName, dropChangeListeners, type TestApp } from "#test/helpers";
import { createDb, type Db } from "./database";
import { migrate } from "./migrate";

const addConsultant = (db: Db) => {
  const now = new Date().toISOString();
  return db.kysely
    .insertInto("consultants")
    .values({
      guidId: randomUUID(),
      name: "Marked",
      businessName: "B",
      contactEmail: "m@example.com",
      phoneNumber: "1",
      isApproved: false,
      isPremium: false,
      createdAt: now,
      updatedAt: now,
    })
    .execute();
};

// Db.changeMark lets a process reuse what it read (sessions, consultant details) while nothing changed:
// it must move on every change that could make such a value stale, and never vouch for uncommitted rows.
describe("the change mark of the embedded database", () => {
  let dir: string;
  let here: Db;
  let there: Db;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "visadesk-mark-"));
    here = createDb({ dataDir: dir, sqliteFile: "visadesk.sqlite" });
    await migrate(here);
    there = createDb({ dataDir: dir, sqliteFile: "visadesk.sqlite" });
  });
  afterAll(async () => {
    await here.close();
    await there.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("stays the same while only reads happen, here or there", async () => {
    const mark = here.changeMark();
    expect(mark).toEqual(expect.any(Number));
    await here.kysely.selectFrom("consultants").selectAll().execute();
    await there.kysely.selectFrom("users").selectAll().execute();
    expect(here.changeMark()).toBe(mark);
  });

  it("moves on a write through this connection", async () => {
    const mark = here.changeMark();
    await addConsultant(here);
    expect(here.changeMark()).not.toBe(mark);
  });

  it("moves when another connection (another process) commits", async () => {
    const mark = here.changeMark();
    await addConsultant(there);
    expect(here.changeMark()).not.toBe(mark);
  });

  it("moves on a change of schema", async () => {
    const mark = here.changeMark();
    await here.kysely.schema.createTable("scratch").addColumn("id", "integer").execute();
    expect(here.changeMark()).not.toBe(mark);
  });

  it("gives no mark while a transaction is open on the connection", async () => {
    await here.kysely.transaction().execute(async (trx) => {
      await trx.updateTable("consultants").set({ name: "Uncommitted" }).execute();
      expect(here.changeMark()).toBeUndefined();
    });
    expect(here.changeMark()).toEqual(expect.any(Number));
  });
});

// On PostgreSQL the mark comes from a listener (migration 021): it moves on this process's own writes at
// once, on another process's commits when their notice arrives, and there is none while the listener is away.
describe(`the change mark on the engine under test (${dialectName})`, () => {
  let t: TestApp;
  let there: Db;
  beforeAll(async () => {
    t = await createTestApp({ replicable: true });
    there = (await t.replica()).db;
  });
  afterAll(() => t.close());

  /** The mark, once there is one (on PostgreSQL the listener connects on the first call). */
  const settledMark = async () => {
    await expect.poll(() => t.db.changeMark()).toEqual(expect.any(Number));
    return t.db.changeMark();
  };

  it("stays the same while only reads happen, here or there", async () => {
    // The channel is the database's: other test files writing their own schemas at the same moment move the
    // mark too. Reads would move it on every try, so one try of five left alone is the proof.
    let unmoved = false;
    for (let attempt = 0; attempt < 5 && !unmoved; attempt += 1) {
      const mark = await settledMark();
      await t.db.kysely.selectFrom("consultants").selectAll().execute();
      await there.kysely.selectFrom("users").selectAll().execute();
      unmoved = t.db.changeMark() === mark;
    }
    expect(unmoved).toBe(true);
  });

  it("moves at once on a write of this process, before any notice", async () => {
    const mark = await settledMark();
    await addConsultant(t.db);
    expect(t.db.changeMark()).not.toBe(mark);
  });

  it("moves once another process's commit is known", async () => {
    const mark = await settledMark();
    await addConsultant(there);
    await expect.poll(() => t.db.changeMark()).not.toBe(mark);
  });

  it("moves on a commit of this process's transaction, not only on its statements", async () => {
    await settledMark();
    let inside: number | undefined;
    await t.db.kysely.transaction().execute(async (trx) => {
      await trx.updateTable("consultants").set({ name: "In a transaction" }).execute();
      inside = t.db.changeMark();
    });
    expect(t.db.changeMark()).not.toBe(inside);
  });
});

// Only PostgreSQL has a listener.
if (dialectName === "postgres") {
  describe("the PostgreSQL listener", () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(() => t.close());

    it("gives no mark once its connection is dropped, and a new one after it connects again", async () => {
      await expect.poll(() => t.db.changeMark()).toEqual(expect.any(Number));
      const before = t.db.changeMark();
      await dropChangeListeners(t);
      await expect.poll(() => t.db.changeMark()).toBeUndefined();
      await expect.poll(() => t.db.changeMark(), { timeout: 10_000 }).toEqual(expect.any(Number));
      expect(t.db.changeMark()).not.toBe(before);
    });

    it("is told of changes to every table of the product", async () => {
      const { rows } = await sql<{ table: string }>`
      select table_name as table from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE'
        and table_name not in ('kysely_migration', 'kysely_migration_lock')
        and not exists (select 1 from information_schema.triggers
          where event_object_schema = current_schema() and event_object_table = table_name
            and action_statement = 'EXECUTE FUNCTION visadesk_changed()')`.execute(t.db.kysely);
      expect(rows).toEqual([]);
      const { rows: all } = await sql<{ count: number }>`
      select count(*) as count from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(t.db.kysely);
      expect(all[0]?.count).toBeGreaterThan(10);
    });
  });
}
