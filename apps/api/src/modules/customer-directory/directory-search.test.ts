import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consultantFields, registerConsultant, sendForm, uniqueTag } from "#test/builders";
import { CUSTOMER_API, quickCustomer } from "#test/customers";
import { createTestApp, type TestApp } from "#test/helpers";
import { migrate } from "../../db/migrate";
import { generateBulkData } from "../../db/seed/generate";
import { RARE_MATCHES } from "../consultants/directory-filters";

/**
 * The directory's search text (migration 026) and its trigram index stay in step with every way a
 * consultant is written, and the directory answers what a plain substring test of the four public fields
 * would, on each way to a page: a rare term through the trigram index, a common or short one through the
 * order's index, a cursor's seek.
 */
type Headers = Record<string, string>;
type Page = { data: Array<{ guidId: string; name: string }>; nextCursor: string | null };

async function listed(t: TestApp, query: string): Promise<Page> {
  const answer = await t.app.inject({ method: "GET", url: `${CUSTOMER_API}/consultants?${query}` });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json();
}
/** Every consultant the directory lists for the query, page by page through its cursors. */
async function walk(t: TestApp, query: string): Promise<string[]> {
  const found: string[] = [];
  let cursor: string | null = "";
  while (cursor !== null) {
    const page: Page = await listed(t, `${query}&limit=50${cursor ? `&cursor=${cursor}` : ""}`);
    found.push(...page.data.map((item) => item.guidId));
    cursor = page.nextCursor;
  }
  return found;
}
const search = (t: TestApp, term: string) => walk(t, `search=${encodeURIComponent(term)}&sort=name`);

describe("the directory's search after each write", () => {
  let t: TestApp;
  let admin: Headers;
  beforeAll(async () => {
    t = await createTestApp();
    admin = (await t.signIn("Admin")).headers;
  });
  afterAll(() => t.close());

  const edit = async (guidId: string, fields: Record<string, string>) => {
    const response = await sendForm(
      t.app,
      { method: "PUT", url: "/api/v2/Consultants/update", headers: admin },
      consultantFields({ GuidId: guidId, ...fields }),
    );
    expect(response.statusCode, response.body).toBe(200);
  };

  it("finds a consultant by each public field after registration, an edit, a bulk approval, a delete and a restore", async () => {
    const tag = uniqueTag().replace(/[^a-z0-9]/g, "");
    const made = await registerConsultant(t.app, admin, {
      Name: `Nadia Hussain${tag}`,
      BusinessName: `Crescent${tag} Visas`,
      Services: `Spouse${tag} visas`,
      VisaOffer: `Skilled${tag} migration`,
      ContactEmail: `hidden${tag}@example.com`,
      IsApproved: "false",
    });
    // Not approved: not listed, whatever the term.
    expect(await search(t, `hussain${tag}`)).toEqual([]);
    const bulk = await t.app.inject({
      method: "POST",
      url: "/api/v2/Consultants/bulk",
      headers: admin,
      payload: { action: "approve", ids: [made.guidId] },
    });
    expect(bulk.statusCode, bulk.body).toBe(200);
    for (const term of [`HUSSAIN${tag}`, `crescent${tag}`, `spouse${tag}`, `skilled${tag}`]) {
      expect(await search(t, term), term).toEqual([made.guidId]);
    }
    expect(await walk(t, `service=${`spouse${tag}`}`)).toEqual([made.guidId]);
    expect(await search(t, `hidden${tag}`)).toEqual([]);

    await edit(made.guidId, {
      Name: `Nadia Farooqi${tag}`,
      BusinessName: `Minaret${tag} Visas`,
      Services: `Student${tag} visas`,
      VisaOffer: `Work${tag} permits`,
      IsApproved: "true",
    });
    for (const term of [`farooqi${tag}`, `minaret${tag}`, `student${tag}`, `work${tag} permits`]) {
      expect(await search(t, term), term).toEqual([made.guidId]);
    }
    for (const term of [`hussain${tag}`, `crescent${tag}`, `spouse${tag}`, `skilled${tag}`]) {
      expect(await search(t, term), term).toEqual([]);
    }
    expect(await walk(t, `service=${`spouse${tag}`}`)).toEqual([]);

    await t.db.kysely
      .updateTable("consultants")
      .set({ deletedAt: new Date().toISOString() })
      .where("guidId", "=", made.guidId)
      .execute();
    expect(await search(t, `farooqi${tag}`)).toEqual([]);
    const restore = await t.app.inject({
      method: "POST",
      url: `/api/v2/Consultants/${made.guidId}/restore`,
      headers: admin,
    });
    expect(restore.statusCode, restore.body).toBe(200);
    expect(await search(t, `farooqi${tag}`)).toEqual([made.guidId]);
  });

  it("answers as a substring test of the four fields would, for rare, common and short terms, page by page", async () => {
    // More consultants than a rare term has matches, so common terms walk the order's index.
    await generateBulkData(
      t.db,
      { consultants: RARE_MATCHES + RARE_MATCHES / 2, appUsers: 0, appointments: 0 },
      { businessTimeZone: "UTC", seed: 5 },
    );
    const everyone = await t.db.kysely
      .selectFrom("consultants")
      .select(["guidId", "id", "name", "businessName", "services", "visaOffer", "isApproved", "deletedAt"])
      .execute();
    const listedOnes = everyone.filter((c) => Boolean(c.isApproved) && c.deletedAt === null);
    const code = (text: string) => [...text].map((c) => c.codePointAt(0) as number);
    const byName = (a: (typeof everyone)[number], b: (typeof everyone)[number]) => {
      const [x, y] = [code(a.name.toLowerCase()), code(b.name.toLowerCase())];
      for (let i = 0; i < Math.min(x.length, y.length); i += 1) {
        if (x[i] !== y[i]) return (x[i] as number) - (y[i] as number);
      }
      return x.length - y.length || a.id - b.id;
    };
    const expected = (term: string, among = listedOnes) =>
      among
        .filter((c) =>
          [c.name, c.businessName, c.services, c.visaOffer].some((field) =>
            (field ?? "").toLowerCase().includes(term.toLowerCase()),
          ),
        )
        .sort(byName)
        .map((c) => c.guidId);
    const surname = (listedOnes[0]?.name ?? "").split(" ").at(-1) as string;
    const common = ["visa", "an", "e", surname.slice(1, 4)];
    for (const term of [...common, surname, surname.toUpperCase(), "zzq", "zz"]) {
      const want = expected(term);
      expect(await search(t, term), term).toEqual(want);
    }
    // Both ways to a page were taken (the trigram index counts every consultant, listed or not).
    expect(expected("visa", everyone).length).toBeGreaterThan(RARE_MATCHES);
    expect(expected(surname).length).toBeGreaterThan(0);
    expect(expected(surname).length).toBeLessThan(RARE_MATCHES);
  }, 120_000);
});

describe("the directory's search after the migration that adds it", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ migrateUntil: "025-booked-by-customer" });
  });
  afterAll(() => t.close());

  it("finds consultants written before it", async () => {
    const tag = uniqueTag().replace(/[^a-z0-9]/g, "");
    const now = new Date().toISOString();
    const made = await t.db.kysely
      .insertInto("consultants")
      .values({
        guidId: randomUUID(),
        name: `Imran Qadri${tag}`,
        businessName: "Plain Visas",
        services: `Visit${tag} visas`,
        contactEmail: `c${tag}@example.com`,
        phoneNumber: "+92 300 4445556",
        isApproved: true,
        isPremium: false,
        createdAt: now,
        updatedAt: now,
      })
      .returning("guidId")
      .executeTakeFirstOrThrow();
    await migrate(t.db);
    expect(await search(t, `qadri${tag}`)).toEqual([made.guidId]);
    expect(await search(t, `visit${tag}`)).toEqual([made.guidId]);
    expect(await search(t, `c${tag}@example`)).toEqual([]);
  });
});

describe("the directory's rate limit", () => {
  it("answers 429 with Retry-After past the budget of one address, across list, profile and free times", async () => {
    const t = await createTestApp({ config: { directoryRateLimit: 4 } as never });
    try {
      const admin = (await t.signIn("Admin")).headers;
      const made = await registerConsultant(t.app, admin, { IsApproved: "true" });
      const customer = await quickCustomer(t);
      const from = "2030-01-07";
      const asked = (url: string, remoteAddress: string, headers: Headers = {}) =>
        t.app.inject({ method: "GET", url: `${CUSTOMER_API}${url}`, headers, remoteAddress });
      const address = "203.0.113.7";
      const statuses = [
        (await asked("/consultants", address)).statusCode,
        (await asked(`/consultants/${made.guidId}`, address)).statusCode,
        (
          await asked(
            `/consultants/${made.guidId}/availability?from=${from}&to=${from}`,
            address,
            customer.headers,
          )
        ).statusCode,
        (await asked("/consultants?sort=name", address)).statusCode,
      ];
      expect(statuses).toEqual([200, 200, 200, 200]);
      const refused = await asked(`/consultants/${made.guidId}`, address);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
      expect(Number(refused.headers["retry-after"])).toBeLessThanOrEqual(60);
      expect(refused.json()).toEqual({
        message: expect.any(String),
        code: "rate_limited",
        error: "Too Many Requests",
      });
      // Another address has its own budget; the back-office is not limited by it.
      expect((await asked("/consultants", "203.0.113.8")).statusCode).toBe(200);
      const backOffice = await t.app.inject({
        method: "GET",
        url: "/api/v2/Consultants/consultants?page=1&pageSize=12",
        headers: admin,
        remoteAddress: address,
      });
      expect(backOffice.statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
