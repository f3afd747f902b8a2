import { randomUUID } from "node:crypto";
import os from "node:os";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, dialectName, TEST_DATABASE_URL, type TestApp } from "#test/helpers";
import { createDb } from "./database";

describe("introspection (what the migrator reads on every start)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("lists the product's own tables, each once, and on PostgreSQL only those of its schema", async () => {
    const tables = await t.db.kysely.introspection.getTables({ withInternalKyselyTables: true });
    // SQLite has no schemas (its introspection is Kysely's own).
    if (dialectName === "postgres") {
      expect(new Set(tables.map((table) => table.schema))).toEqual(new Set([t.db.schema]));
    }
    const names = tables.map((table) => table.name);
    expect(names).toEqual(
      expect.arrayContaining(["users", "consultants", "appointments", "kysely_migration"]),
    );
    expect(names).toHaveLength(new Set(names).size);
    const users = tables.find((table) => table.name === "users");
    expect(users?.columns.find((column) => column.name === "id")).toMatchObject({ isAutoIncrementing: true });
    expect(users?.columns.find((column) => column.name === "email")).toMatchObject({ isNullable: false });
  });

  // Only PostgreSQL has schemas that others could drop.
  if (dialectName === "postgres" && TEST_DATABASE_URL) {
    const databaseUrl = TEST_DATABASE_URL;
    it("does not fail while other schemas of the database are made and dropped", async () => {
      const admin = createDb({ databaseUrl, dataDir: os.tmpdir(), pgPoolSize: 2 });
      let churning = true;
      const churn = (async () => {
        while (churning) {
          const other = `churn_${randomUUID().replaceAll("-", "")}`;
          await sql
            .raw(`create schema ${other}; create table ${other}.a (id serial, b text)`)
            .execute(admin.kysely);
          await sql.raw(`drop schema ${other} cascade`).execute(admin.kysely);
        }
      })();
      try {
        for (let i = 0; i < 150; i++) await t.db.kysely.introspection.getTables();
      } finally {
        churning = false;
        await churn;
        await admin.close();
      }
    });
  }
});
