import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, dialectName } from "#test/helpers";
import { createDb, type Db } from "./database";
import { migrate } from "./migrate";

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

it(`is ${dialectName === "postgres" ? "never given on PostgreSQL" : "given on SQLite"}, the engine under test`, async () => {
  const t = await createTestApp();
  try {
    if (dialectName === "postgres") expect(t.db.changeMark()).toBeUndefined();
    else expect(t.db.changeMark()).toEqual(expect.any(Number));
  } finally {
    await t.close();
  }
});
