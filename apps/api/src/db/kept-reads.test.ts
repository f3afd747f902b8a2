import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, dialectName, type TestApp } from "#test/helpers";
import type { Db } from "./database";
import { keptJson, keptReads } from "./kept-reads";

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

describe(`kept reads on the engine under test (${dialectName})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("reuse a value under the database's own mark until a write of this process, then read again", async () => {
    const kept = keptReads<string, string>(t.db, 10);
    // On PostgreSQL the mark comes once the listener is connected.
    await expect.poll(() => kept.mark()).toEqual(expect.any(Number));
    const account = await t.createAccount();
    const mark = kept.mark();
    kept.keep(account.email, account.userName, { mark });
    expect(kept.unchanged(account.email, kept.mark())).toBe(account.userName);
    await t.db.kysely
      .updateTable("users")
      .set({ userName: "renamed" })
      .where("id", "=", account.id)
      .execute();
    expect(kept.unchanged(account.email, kept.mark())).toBeUndefined();
  });
});
