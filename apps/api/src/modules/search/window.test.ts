import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#test/helpers";
import { consultantsInWindow } from "../consultants/repository";
import { usersInWindow } from "../users/repository";
import { headerTerm, newestOf, readsWindow, SEARCH_WINDOW, sumOf, windowTotal } from "./window";

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

  it("merges the list's matches and the digits' newest first, and sums their totals", () => {
    const ids = (...n: number[]) => n.map((id) => ({ id }));
    expect(newestOf(ids(9, 4, 1), ids(7, 3), 3)).toEqual(ids(9, 7, 4));
    expect(sumOf({ total: 3 }, { total: 2 })).toEqual({ total: 5 });
    expect(sumOf({ total: 3 }, { total: 1001, totalIsEstimate: true })).toEqual({
      total: 1004,
      totalIsEstimate: true,
    });
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
