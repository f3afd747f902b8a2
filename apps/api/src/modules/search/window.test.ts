import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type IdPass, matchingIds } from "#api/db/search";
import { createTestApp, dialectName, type TestApp } from "#test/helpers";
import { consultantsInWindow } from "../consultants/list-repository";
import { usersInWindow } from "../users/repository";
import { headerTerm, passTotal, readsWindow, SEARCH_WINDOW, sharedPasses, windowTotal } from "./window";

/** The header search's one shortcut (window.ts): what it reads, and what its totals then say. */
describe("the header search's rule", () => {
  it("reads digits only from a run of 4 or more digits and number separators", () => {
    expect(headerTerm("35202-0000006-7")).toEqual({
      text: "35202-0000006-7",
      digits: "3520200000067",
      indexed: true,
    });
    expect(headerTerm("+92 (311) 777")).toMatchObject({ digits: "92311777" });
    expect(headerTerm("0000006")).toMatchObject({ digits: "0000006" });
    expect(headerTerm("123")).toEqual({ text: "123", indexed: true });
    expect(headerTerm("ali2024")).toEqual({ text: "ali2024", indexed: true });
    expect(headerTerm("an")).toEqual({ text: "an", indexed: false });
  });

  it("tests a kind one by one when the term is short or the kind no larger than the window", () => {
    expect(readsWindow(headerTerm("an"), 100_000)).toBe(true);
    expect(readsWindow(headerTerm("visa"), 100_000)).toBe(false);
    expect(readsWindow(headerTerm("visa"), SEARCH_WINDOW)).toBe(true);
  });

  it("gives a window's hits as the total while it held every record, and an estimate past that", () => {
    expect(windowTotal({ seen: 40, hits: 7 }, 40)).toEqual({ total: 7 });
    expect(windowTotal({ seen: SEARCH_WINDOW, hits: 12 }, SEARCH_WINDOW)).toEqual({ total: 12 });
    expect(windowTotal({ seen: SEARCH_WINDOW, hits: 500 }, 100_000)).toEqual({
      total: 50_000,
      totalIsEstimate: true,
    });
    expect(windowTotal({ seen: SEARCH_WINDOW, hits: 0 }, 100_000)).toEqual({
      total: 0,
      totalIsEstimate: true,
    });
  });

  it("gives a pass's hits as the total while it held every match, and their share of the ids past that", () => {
    const span = { min: 1, max: 100_000 };
    expect(passTotal(7, { ids: [9, 8], complete: true }, span)).toEqual({ total: 7 });
    // 1,000 matches among the newest 10,000 ids, 400 of them the group's: 4 % of 100,000.
    const capped: IdPass = { ids: [], complete: false, lowest: 90_001 };
    expect(passTotal(400, capped, span)).toEqual({ total: 4000, totalIsEstimate: true });
    expect(passTotal(0, capped, span)).toEqual({ total: 0, totalIsEstimate: true });
    // Never fewer than the hits seen.
    expect(passTotal(3, { ids: [], complete: false, lowest: 1 }, span)).toEqual({
      total: 3,
      totalIsEstimate: true,
    });
  });

  it("reads each table's indexes once per search, whichever groups ask", async () => {
    const passes = sharedPasses();
    const runs: string[] = [];
    const run = (table: string) => async (): Promise<IdPass> => {
      runs.push(table);
      return { ids: [runs.length], complete: true };
    };
    const [a, b, c] = await Promise.all([
      passes("users", run("users")),
      passes("users", run("users")),
      passes("consultants", run("consultants")),
    ]);
    expect(runs).toEqual(["users", "consultants"]);
    expect(a).toBe(b);
    expect(c.ids).toEqual([2]);
    // A new search reads them again.
    await sharedPasses()("users", run("users"));
    expect(runs).toHaveLength(3);
  });
});

describe("one pass of a table's indexes", () => {
  let t: TestApp;
  const tag = `zp${randomUUID().slice(0, 6)}`;
  const ids: number[] = [];
  beforeAll(async () => {
    t = await createTestApp();
    const now = new Date().toISOString();
    // Oldest first: three hold the tag in their name, two only a phone number's digits.
    for (const [n, name] of [`A ${tag}`, "B", `C ${tag}`, "D", `E ${tag}`].entries()) {
      const row = await t.db.kysely
        .insertInto("consultants")
        .values({
          guidId: randomUUID(),
          name,
          businessName: "Pass Visas",
          contactEmail: "p@example.com",
          phoneNumber: name.length === 1 ? `+92 300 98765${n}1` : "+92 311 0000000",
          isApproved: true,
          isPremium: false,
          createdAt: now,
          updatedAt: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      ids.push(row.id);
    }
  });
  afterAll(() => t.close());

  it("finds every match of the text and the digits, newest first, while within its cap", async () => {
    const pass = await matchingIds(t.db, "consultants", { text: tag }, 3);
    expect(pass).toEqual({ ids: [ids[4], ids[2], ids[0]], complete: true });
    const both = await matchingIds(t.db, "consultants", { text: `${tag}x`, digits: "98765" }, 3);
    expect(both).toEqual({ ids: [ids[3], ids[1]], complete: true });
  });

  it("past its cap, keeps every match down to where the capped index stopped", async () => {
    expect(await matchingIds(t.db, "consultants", { text: tag }, 2)).toEqual({
      ids: [ids[4], ids[2]],
      complete: false,
      lowest: ids[2],
    });
    const both = await matchingIds(t.db, "consultants", { text: tag, digits: "98765" }, 2);
    if (dialectName === "sqlite") {
      // One pass per index. The digits' is whole; the text's stopped at C: D (digits) is kept, B (older than
      // C) is not.
      expect(both).toEqual({ ids: [ids[4], ids[3], ids[2]], complete: false, lowest: ids[2] });
    } else {
      // PostgreSQL reads both indexes in one pass: the newest two matches of either.
      expect(both).toEqual({ ids: [ids[4], ids[3]], complete: false, lowest: ids[3] });
    }
  });
});

describe("a window of the newest records", () => {
  let t: TestApp;
  const tag = `zw${randomUUID().slice(0, 6)}`;
  beforeAll(async () => {
    t = await createTestApp();
    const now = new Date().toISOString();
    // Oldest first: the two oldest hold the tag, the three newest do not.
    for (const name of [`Old ${tag}`, `Older ${tag}`, "Newer", "Newest", "Latest"]) {
      await t.db.kysely
        .insertInto("consultants")
        .values({
          guidId: randomUUID(),
          name,
          businessName: "Window Visas",
          contactEmail: "w@example.com",
          phoneNumber: "+92 300 0000000",
          isApproved: true,
          isPremium: false,
          createdAt: now,
          updatedAt: now,
        })
        .execute();
    }
    for (const n of [1, 2, 3]) await t.createAccount({ role: "AppUser", userName: `${tag}-user-${n}` });
  });
  afterAll(() => t.close());

  it("finds only what the newest rows hold, and counts what it saw", async () => {
    const narrow = await consultantsInWindow(t.db, { text: tag }, 5, 3);
    expect(narrow.rows).toEqual([]);
    expect(narrow.window).toEqual({ seen: 3, hits: 0 });
    const wide = await consultantsInWindow(t.db, { text: tag }, 1, 5);
    expect(wide.rows.map((row) => row.name)).toEqual([`Older ${tag}`]);
    expect(wide.window).toEqual({ seen: 5, hits: 2 });
  });

  it("matches a row's digits too, and keeps to the role's list", async () => {
    const byDigits = await consultantsInWindow(t.db, { text: "qq", digits: "3000000" }, 10, 2);
    expect(byDigits.window).toEqual({ seen: 2, hits: 2 });
    const users = await usersInWindow(t.db, "AppUser", { text: tag }, 5, SEARCH_WINDOW);
    expect(users.rows.map((row) => row.userName)).toEqual([3, 2, 1].map((n) => `${tag}-user-${n}`));
    expect(users.window).toEqual({ seen: 3, hits: 3 });
    expect((await usersInWindow(t.db, "internal", { text: tag }, 5, SEARCH_WINDOW)).window.hits).toBe(0);
  });
});
