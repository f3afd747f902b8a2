import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateBulkData } from "#api/db/seed/generate";
import { CUSTOMER_API } from "#test/customers";
import { createTestApp, type TestApp } from "#test/helpers";

/* The directory's first-page count over more consultants than it counts one by one. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await generateBulkData(
    t.db,
    { consultants: 2500, appUsers: 0, appointments: 0 },
    { businessTimeZone: "Asia/Karachi", seed: 11 },
  );
}, 120_000);
afterAll(() => t.close());

const get = async (query: string) => {
  const answer = await t.app.inject({ method: "GET", url: `${CUSTOMER_API}/consultants?${query}` });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as { data: unknown[]; total?: number; totalIsEstimate?: true };
};
/** How many listed consultants speak the language (and serve the country), counted in full. */
async function listed(language?: string, country?: string) {
  let query = t.db.kysely
    .selectFrom("consultants")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("isApproved", "=", true)
    .where("deletedAt", "is", null);
  if (language) query = query.where("languagesSpoken", "like", `%${language}%`);
  if (country) query = query.where("country", "like", `%${country}%`);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

describe("the first page's count at scale", () => {
  it("above a thousand matches is an estimate, marked so and rounded, near the true number", async () => {
    const all = await get("limit=5");
    const truth = await listed();
    expect(truth).toBeGreaterThan(1000);
    expect(all.totalIsEstimate).toBe(true);
    expect(Math.abs((all.total ?? 0) - truth) / truth).toBeLessThan(0.1);
    // Two significant digits: it does not look more exact than it is.
    expect(String(all.total)).toMatch(/^\d\d0+$/);

    const english = await get("language=english");
    expect(english.totalIsEstimate).toBe(true);
    expect(
      Math.abs((english.total ?? 0) - (await listed("english"))) / (await listed("english")),
    ).toBeLessThan(0.1);
  });

  it("of a rarer filter is exact", async () => {
    const rare = await get("language=persian&country=uk");
    const truth = await listed("persian", "uk");
    expect(truth).toBeGreaterThan(0);
    expect(rare).toMatchObject({ total: truth });
    expect(rare).not.toHaveProperty("totalIsEstimate");
  });
});
