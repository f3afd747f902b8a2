import fs from "node:fs";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#test/helpers";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("migrations", () => {
  it("applies every file of the migrations folder, by its name, and nothing else", async () => {
    const files = fs
      .readdirSync(new URL("./migrations/", import.meta.url))
      .filter((file) => /^\d{3}-.+\.ts$/.test(file) && !file.endsWith(".test.ts"))
      .map((file) => file.replace(/\.ts$/, ""))
      .sort();
    const applied = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(
      t.db.kysely,
    );
    expect(applied.rows.map((row) => row.name)).toEqual(files);
  });
});
