import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { testConfig } from "#api/config";
import { createDb, type Db } from "#api/db/database";
import { prepareDatabase } from "#api/db/start-up";
import { TEST_DATABASE_URL } from "#test/helpers";

/** How many API processes start at the same moment. */
const INSTANCES = 4;

const quiet = { info() {}, warn() {}, error() {}, debug() {} } as unknown as FastifyBaseLogger;
const opened: Db[] = [];
const folders: string[] = [];
afterAll(async () => {
  await Promise.all(opened.map((db) => db.close()));
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

/** A fresh, empty database and a way to open another connection pool to it, as another process would. */
async function emptyDatabase(): Promise<() => Db> {
  if (TEST_DATABASE_URL) {
    const schema = `test_${randomUUID().replaceAll("-", "")}`;
    const admin = createDb({ databaseUrl: TEST_DATABASE_URL, dataDir: os.tmpdir(), pgPoolSize: 2 });
    await sql.raw(`create schema ${schema}`).execute(admin.kysely);
    await admin.close();
    return () => {
      const db = createDb({
        databaseUrl: TEST_DATABASE_URL,
        dataDir: os.tmpdir(),
        pgSchema: schema,
        pgPoolSize: 4,
      });
      opened.push(db);
      return db;
    };
  }
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "visadesk-start-"));
  folders.push(folder);
  return () => {
    const db = createDb({ dataDir: folder, sqliteFile: "visadesk.sqlite" });
    opened.push(db);
    return db;
  };
}

describe(`${INSTANCES} instances started at the same moment`, () => {
  it("on an empty database all come up, with one first Admin and the demo data once", async () => {
    const connect = await emptyDatabase();
    const config = testConfig({ demoData: true, adminPassword: "Correct-Horse-9" });
    const instances = Array.from({ length: INSTANCES }, connect);
    const outcomes = await Promise.allSettled(instances.map((db) => prepareDatabase(db, config, quiet)));
    expect(outcomes.map((outcome) => outcome.status)).toEqual(Array(INSTANCES).fill("fulfilled"));
    const created = outcomes.filter((outcome) => outcome.status === "fulfilled" && outcome.value);
    expect(created).toHaveLength(1);

    const db = instances[0] as Db;
    const admins = await db.kysely
      .selectFrom("users")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("role", "=", "Admin")
      .executeTakeFirstOrThrow();
    expect(Number(admins.count)).toBe(1);
    const seeded = await db.kysely
      .selectFrom("consultants")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .executeTakeFirstOrThrow();
    const once = Number(seeded.count);
    expect(once).toBeGreaterThan(0);

    // Started again together on the migrated database: nothing more is created.
    const again = await Promise.all(
      Array.from({ length: INSTANCES }, connect).map((db) => prepareDatabase(db, config, quiet)),
    );
    expect(again).toEqual(Array(INSTANCES).fill(false));
    const after = await db.kysely
      .selectFrom("consultants")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .executeTakeFirstOrThrow();
    expect(Number(after.count)).toBe(once);
  }, 120_000);
});
