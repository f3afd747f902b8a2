import os from "node:os";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, dialectName, TEST_DATABASE_URL, type TestApp } from "#test/helpers";
import { createDb, type Db } from "./database";
import { checkRead, keptJson, keptReads } from "./kept-reads";

/** A database whose change mark the test moves (undefined: PostgreSQL, or a transaction is open). */
function fakeDb() {
  const state = { mark: 1 as number | undefined };
  return { state, db: { changeMark: () => state.mark } as unknown as Db };
}

describe("kept reads", () => {
  it("reuses a value while the mark it was read under stays, and never after the database changed", () => {
    const { state, db } = fakeDb();
    const kept = keptReads<string, { name: string }>(db, 10);
    const mark = kept.mark();
    kept.keep("a", { name: "Sara" }, { mark });
    expect(kept.unchanged("a", kept.mark())).toEqual({ name: "Sara" });
    state.mark = 2;
    expect(kept.unchanged("a", kept.mark())).toBeUndefined();
    expect(kept.unchanged("b", kept.mark())).toBeUndefined();
  });

  it("keeps nothing on a mark alone when there is none, but a revision still vouches", () => {
    const { state, db } = fakeDb();
    state.mark = undefined;
    const kept = keptReads<string, string>(db, 10);
    kept.keep("a", "read without a mark", { mark: kept.mark() });
    expect(kept.atRevision("a", 0)).toBeUndefined();
    expect(kept.unchanged("a", kept.mark())).toBeUndefined();

    kept.keep("b", "at revision 7", { mark: kept.mark(), revision: 7 });
    expect(kept.unchanged("b", kept.mark())).toBeUndefined();
    expect(kept.atRevision("b", 7)).toBe("at revision 7");
    expect(kept.atRevision("b", 8)).toBeUndefined();
  });

  it("starts again empty at its size, so it never grows past it", () => {
    const { db } = fakeDb();
    const kept = keptReads<number, number>(db, 2);
    kept.keep(1, 1, { mark: 1 });
    kept.keep(2, 2, { mark: 1 });
    kept.keep(2, 22, { mark: 1 }); // replacing a kept key is not growth
    expect(kept.unchanged(1, 1)).toBe(1);
    kept.keep(3, 3, { mark: 1 });
    expect(kept.unchanged(1, 1)).toBeUndefined();
    expect(kept.unchanged(2, 1)).toBeUndefined();
    expect(kept.unchanged(3, 1)).toBe(3);
  });

  it("makes a kept value's JSON once, and again for the value that replaces it", () => {
    const jsonOf = keptJson<{ n: number }>();
    let made = 0;
    const make = (value: { n: number }) => {
      made += 1;
      return JSON.stringify(value);
    };
    const first = { n: 1 };
    expect(jsonOf(first, make)).toBe('{"n":1}');
    expect(jsonOf(first, make)).toBe('{"n":1}');
    expect(made).toBe(1);
    expect(jsonOf({ n: 2 }, make)).toBe('{"n":2}');
    expect(made).toBe(2);
  });
});

describe("the read that checks a kept value", () => {
  let t: TestApp;
  let db: Db;
  beforeAll(async () => {
    t = await createTestApp();
    // One connection, so the statements it holds can be read back through it.
    db = TEST_DATABASE_URL
      ? createDb({
          databaseUrl: TEST_DATABASE_URL,
          dataDir: os.tmpdir(),
          pgSchema: t.db.schema!,
          pgPoolSize: 1,
        })
      : t.db;
  });
  afterAll(async () => {
    if (db !== t.db) await db.close();
    await t.close();
  });

  const userByEmail = (email: string) =>
    db.kysely.selectFrom("users").select(["email", "role"]).where("email", "=", email);

  it("answers the first row, or nothing, on both engines", async () => {
    const account = await t.createAccount({ role: "Staff" });
    expect(await checkRead(db.kysely, userByEmail(account.email))).toEqual({
      email: account.email,
      role: "Staff",
    });
    expect(await checkRead(db.kysely, userByEmail("nobody@example.com"))).toBeUndefined();
  });

  it("is prepared once on a PostgreSQL connection, then run by its name; other reads stay unnamed", async () => {
    const account = await t.createAccount();
    expect(await checkRead(db.kysely, userByEmail(account.email))).toMatchObject({ email: account.email });
    expect(await checkRead(db.kysely, userByEmail(account.email))).toMatchObject({ email: account.email });
    await db.kysely.selectFrom("users").select("id").where("role", "=", "Admin").execute();
    // SQLite keeps no list of prepared statements to read back: it prepares every text once anyway.
    if (dialectName === "sqlite") return;
    const text = userByEmail(account.email).compile().sql;
    const { rows } = await sql<{ name: string; statement: string }>`
      select name, statement from pg_prepared_statements`.execute(db.kysely);
    expect(rows).toEqual([{ name: expect.stringMatching(/^visadesk_check_\d+$/), statement: text }]);
  });
});
