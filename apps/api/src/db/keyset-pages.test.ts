import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chainPages, type PageReader } from "#api/lib/lists";
import { exportUsers } from "#api/modules/users/repository";
import { createTestApp, type TestApp } from "#test/helpers";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const drain = async <T>(read: PageReader<T>) => {
  const pages: T[][] = [];
  for (let page = await read(); page; page = await read()) pages.push(page);
  return pages;
};

describe("keyset pages", () => {
  it("read every row of the list once, in its order, a page at a time", async () => {
    const made: string[] = [];
    for (let n = 0; n < 7; n++) made.push((await t.createAccount({ role: "AppUser" })).guidId);
    const sort = { field: "createdAt" as const, descending: true };
    const pages = await drain(exportUsers(t.db, { role: "AppUser" }, sort, 3));
    const read = pages.flat().map((user) => user.guidId);
    expect(pages.map((page) => page.length)).toEqual([3, 3, 1]);
    expect(new Set(read).size).toBe(read.length);
    expect(read.filter((id) => made.includes(id))).toHaveLength(7);
    // Newest first; accounts made in the same millisecond by id, the newest first too.
    expect(read).toEqual([...made].reverse());
  });

  it("chain the pages of several readers, one reader after the other", async () => {
    const reader = (pages: number[][]): PageReader<number> => {
      let at = 0;
      return async () => pages[at++];
    };
    const chained = chainPages([reader([[1, 2], [3]]), reader([]), reader([[], [4]])]);
    expect(await drain(chained)).toEqual([[1, 2], [3], [], [4]]);
  });
});
