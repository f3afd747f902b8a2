import { MAX_BULK_IDS, MAX_EXACT_TOTAL } from "@visadesk/contract/lists-constants";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXACT_TOTAL_LIMIT, exactTotal } from "#api/db/list-total";
import { generateBulkData } from "#api/db/seed/generate";
import { createTestApp, type TestApp } from "#test/helpers";

/**
 * A search matching more than EXACT_TOTAL_LIMIT rows answers an estimated total, marked
 * `totalIsEstimate: true`; fewer matches, or no search, answer the exact total without the mark.
 */
let t: TestApp;
let headers: { authorization: string };
beforeAll(async () => {
  t = await createTestApp();
  headers = (await t.signIn("Admin")).headers;
  // More rows than an estimate samples, so the estimate is one.
  await generateBulkData(
    t.db,
    { consultants: 2_600, appUsers: 2_600, appointments: 2_400 },
    { businessTimeZone: "Asia/Karachi", seed: 11 },
  );
}, 120_000);
afterAll(() => t.close());

const get = async (url: string) => {
  const response = await t.app.inject({ method: "GET", url, headers });
  expect(response.statusCode).toBe(200);
  return response.json() as {
    data: { name?: string; email?: string }[];
    total: number;
    totalIsEstimate?: boolean;
  };
};

async function exactCount(table: "consultants" | "users", term: string) {
  const row = await t.db.kysely
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as("n"))
    .where("deletedAt", "is", null)
    .where("searchText", "like", `%${term}%`)
    .$if(table === "users", (q) => q.where("role", "=", "AppUser").where("status", "!=", "rejected"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe("list totals with many matches", () => {
  it("estimates a consultant search matching more than the limit, and marks it", async () => {
    const exact = await exactCount("consultants", "visa");
    expect(exact).toBeGreaterThan(EXACT_TOTAL_LIMIT);
    const body = await get("/api/v2/Consultants/consultants?page=1&pageSize=12&search=visa");
    expect(body.totalIsEstimate).toBe(true);
    expect(body.total).toBeGreaterThan(EXACT_TOTAL_LIMIT);
    expect(Math.abs(body.total - exact) / exact).toBeLessThan(0.25);
    // Two significant digits: it does not pretend to be exact.
    expect(body.total % 10).toBe(0);
    expect(body.data).toHaveLength(12);
    for (const row of body.data) expect(JSON.stringify(row).toLowerCase()).toContain("visa");
    // Pages deep into the estimate still answer rows.
    expect((await get("/api/v2/Consultants/consultants?page=40&pageSize=12&search=visa")).data).toHaveLength(
      12,
    );
  });

  it("answers the exact total, unmarked, for a search under the limit and for no search", async () => {
    const [{ name }] = (await get("/api/v2/Consultants/consultants?page=1&pageSize=1")).data as [
      { name: string },
    ];
    const surname = name.split(" ").at(-1)?.toLowerCase() ?? "";
    const searched = await get(`/api/v2/Consultants/consultants?page=1&pageSize=12&search=${surname}`);
    expect(searched).not.toHaveProperty("totalIsEstimate");
    expect(searched.total).toBe(await exactCount("consultants", surname));
    // A deleted match leaves the count (taken from indexes on SQLite, where no row is read).
    const [{ id }] = (await get(`/api/v2/Consultants/consultants?page=1&pageSize=1&search=${surname}`))
      .data as [{ id: number }];
    await t.db.kysely
      .updateTable("consultants")
      .set({ deletedAt: new Date().toISOString() })
      .where("id", "=", id)
      .execute();
    const after = await get(`/api/v2/Consultants/consultants?page=1&pageSize=12&search=${surname}`);
    expect(after.total).toBe(searched.total - 1);
    expect(after.total).toBe(await exactCount("consultants", surname));
    const all = await get("/api/v2/Consultants/consultants?page=1&pageSize=12");
    expect(all).not.toHaveProperty("totalIsEstimate");
    expect(all.total).toBe(await exactCount("consultants", ""));
  });

  it("estimates an app user search matching more than the limit, and marks it", async () => {
    const exact = await exactCount("users", "@example");
    expect(exact).toBeGreaterThan(EXACT_TOTAL_LIMIT);
    const body = await get("/api/v2/User/users?role=AppUser&page=1&pageSize=12&search=@example");
    expect(body.totalIsEstimate).toBe(true);
    expect(Math.abs(body.total - exact) / exact).toBeLessThan(0.25);
    expect(body.data).toHaveLength(12);
    const plain = await get("/api/v2/User/users?role=AppUser&page=1&pageSize=12");
    expect(plain).not.toHaveProperty("totalIsEstimate");
    expect(plain.total).toBe(await exactCount("users", ""));
  });
});

/**
 * exactTotal=true: what staff confirm before acting on every match is the number of rows acted on, not
 * the list's estimate.
 */
describe("the exact total asked before acting on every match", () => {
  /** Every id the list finds, read page by page as the web's "Select all" collects them. */
  async function everyId(url: string, idOf: (row: Record<string, unknown>) => string) {
    const ids: string[] = [];
    for (let page = 1; ; page++) {
      const rows = (await get(`${url}&page=${page}&pageSize=100`)).data as Record<string, unknown>[];
      ids.push(...rows.map(idOf));
      if (rows.length < 100) return ids;
    }
  }
  async function bulk(url: string, action: string, ids: string[]) {
    const results: { ok: boolean; changed?: boolean }[] = [];
    for (let start = 0; start < ids.length; start += MAX_BULK_IDS) {
      const response = await t.app.inject({
        method: "POST",
        url,
        headers,
        payload: { action, ids: ids.slice(start, start + MAX_BULK_IDS) },
      });
      expect(response.statusCode).toBe(200);
      results.push(...response.json().results);
    }
    return results;
  }

  it("counts consultants the list estimates, and a bulk approve over them acts on exactly that many", async () => {
    const url = "/api/v2/Consultants/consultants?search=visa";
    expect((await get(`${url}&page=1&pageSize=12`)).totalIsEstimate).toBe(true);
    const exact = await get(`${url}&exactTotal=true&page=1&pageSize=1`);
    expect(exact).not.toHaveProperty("totalIsEstimate");
    expect(exact.total).toBe(await exactCount("consultants", "visa"));
    const unapproved = (await get(`${url}&approved=false&exactTotal=true&page=1&pageSize=1`)).total;
    expect(unapproved).toBeGreaterThan(0);

    const ids = await everyId(url, (row) => row.guidId as string);
    expect(ids).toHaveLength(exact.total);
    const results = await bulk("/api/v2/Consultants/bulk", "approve", ids);
    expect(results.filter((result) => result.ok)).toHaveLength(exact.total);
    expect(results.filter((result) => result.changed)).toHaveLength(unapproved);
    const approved = await get(`${url}&approved=true&exactTotal=true&page=1&pageSize=1`);
    expect(approved.total).toBe(exact.total);
  });

  it("counts app users and appointments the lists estimate", async () => {
    const users = "/api/v2/User/users?role=AppUser&search=@example&page=1&pageSize=1";
    expect((await get(users)).totalIsEstimate).toBe(true);
    const exactUsers = await get(`${users}&exactTotal=true`);
    expect(exactUsers).not.toHaveProperty("totalIsEstimate");
    expect(exactUsers.total).toBe(await exactCount("users", "@example"));

    const unpaid = "/api/v2/userAppointment/appointments?paid=false";
    expect((await get(`${unpaid}&page=1&pageSize=1`)).totalIsEstimate).toBe(true);
    const exact = await get(`${unpaid}&exactTotal=true&page=1&pageSize=1`);
    expect(exact).not.toHaveProperty("totalIsEstimate");
    const stored = await t.db.kysely
      .selectFrom("appointments")
      .select((eb) => eb.fn.countAll().as("n"))
      .where("isPaid", "=", false)
      .executeTakeFirstOrThrow();
    expect(exact.total).toBe(Number(stored.n));
  });

  it("refuses to count past the cap, saying to narrow the list", async () => {
    await expect(exactTotal(async (limit) => limit)).rejects.toMatchObject({
      statusCode: 400,
      message: `More than ${MAX_EXACT_TOTAL.toLocaleString("en-US")} rows match: narrow the search or filters to act on all of them at once`,
    });
    expect(await exactTotal(async () => MAX_EXACT_TOTAL)).toEqual({ total: MAX_EXACT_TOTAL });
  });
});
