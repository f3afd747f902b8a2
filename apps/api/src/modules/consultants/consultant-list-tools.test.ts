import { randomUUID } from "node:crypto";
import zlib from "node:zlib";
import { MAX_BULK_IDS } from "@visadesk/contract/lists-constants";
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#test/helpers";

/** Sort, filters, export and bulk actions of the consultants list (issue "Lists that staff can work with"). */
let t: TestApp;
let headers: { authorization: string };
const URL = "/api/v2/Consultants/consultants";

interface Row {
  name: string;
  businessName: string;
  contactEmail: string;
  phoneNumber: string;
  country: string | null;
  isApproved: boolean;
  isPremium: boolean;
}
const rows: Row[] = [
  {
    name: "delta",
    businessName: "b-two",
    contactEmail: "d@example.com",
    phoneNumber: "4",
    country: "canada",
    isApproved: true,
    isPremium: false,
  },
  {
    name: "alpha",
    businessName: "b-one",
    contactEmail: "a@example.com",
    phoneNumber: "2",
    country: "canada,australia",
    isApproved: false,
    isPremium: true,
  },
  {
    name: "charlie",
    businessName: "b-one",
    contactEmail: "c@example.com",
    phoneNumber: "3",
    country: "pakistan",
    isApproved: true,
    isPremium: true,
  },
  {
    name: "bravo",
    businessName: "b-three",
    contactEmail: "b@example.com",
    phoneNumber: "1",
    country: null,
    isApproved: false,
    isPremium: false,
  },
  {
    name: "echo",
    businessName: '=HYPERLINK("x")',
    contactEmail: "e@example.com",
    phoneNumber: "+0 300",
    country: "australia",
    isApproved: true,
    isPremium: false,
  },
  // Same name as alpha: the tie is broken by id.
  {
    name: "alpha",
    businessName: "b-four",
    contactEmail: "az@example.com",
    phoneNumber: "5",
    country: "pakistan",
    isApproved: true,
    isPremium: true,
  },
];
const ids: number[] = [];
const guids: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  headers = (await t.signIn("Admin")).headers;
  for (const [n, row] of rows.entries()) {
    const created = await t.db.kysely
      .insertInto("consultants")
      .values({
        ...row,
        guidId: randomUUID(),
        createdAt: new Date(Date.UTC(2030, 0, 1 + n)).toISOString(),
        updatedAt: new Date(Date.UTC(2030, 0, 1 + n)).toISOString(),
      })
      .returning(["id", "guidId"])
      .executeTakeFirstOrThrow();
    ids.push(created.id);
    guids.push(created.guidId);
  }
});
afterAll(() => t.close());

const get = (query: string) => t.app.inject({ method: "GET", url: `${URL}${query}`, headers });
const namesOf = (body: { data: { name: string; id: number }[] }) => body.data.map((c) => `${c.name}#${c.id}`);
const label = (n: number) => `${rows[n]!.name}#${ids[n]}`;

describe("sort", () => {
  it("orders by name ascending and descending, ties broken by id in the same direction", async () => {
    const up = await get("?sort=name&pageSize=100");
    expect(up.statusCode).toBe(200);
    expect(namesOf(up.json())).toEqual([label(1), label(5), label(3), label(2), label(0), label(4)]);
    const down = await get("?sort=-name&pageSize=100");
    expect(namesOf(down.json())).toEqual([label(4), label(0), label(2), label(3), label(5), label(1)]);
  });

  it("pages of a sort neither repeat nor skip a row", async () => {
    const seen: string[] = [];
    for (let page = 1; page <= 3; page += 1)
      seen.push(...namesOf((await get(`?sort=businessName&pageSize=2&page=${page}`)).json()));
    const whole = namesOf((await get("?sort=businessName&pageSize=100")).json());
    expect(seen).toEqual(whole);
    expect(new Set(seen).size).toBe(rows.length);
  });

  it("orders by every column the list shows and by createdAt", async () => {
    expect(namesOf((await get("?sort=-createdAt&pageSize=100")).json())).toEqual(
      [5, 4, 3, 2, 1, 0].map(label),
    );
    expect(namesOf((await get("?sort=phoneNumber&pageSize=100")).json())).toEqual(
      [4, 3, 1, 2, 0, 5].map(label),
    );
    expect(namesOf((await get("?sort=contactEmail&pageSize=100")).json())).toEqual(
      [1, 5, 3, 2, 0, 4].map(label),
    );
    // No country sorts as empty, first.
    expect(namesOf((await get("?sort=country&pageSize=100")).json())[0]).toBe(label(3));
  });

  it("refuses an unknown field with 400 naming the allowed ones", async () => {
    const response = await get("?sort=password");
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors.sort).toMatch(
      /name, contactEmail, businessName, country, phoneNumber, createdAt/,
    );
  });
});

describe("filters", () => {
  it("approved and premium narrow the list and its total", async () => {
    const approved = (await get("?approved=true&sort=createdAt")).json();
    expect(namesOf(approved)).toEqual([0, 2, 4, 5].map(label));
    expect(approved.total).toBe(4);
    const both = (await get("?approved=true&premium=true&sort=createdAt")).json();
    expect(namesOf(both)).toEqual([2, 5].map(label));
    expect(both.total).toBe(2);
    const neither = (await get("?approved=false&premium=false")).json();
    expect(namesOf(neither)).toEqual([label(3)]);
  });

  it("country takes one or several, repeated or as a comma list, and combines with search", async () => {
    expect(namesOf((await get("?country=australia&sort=createdAt")).json())).toEqual([1, 4].map(label));
    const repeated = (await get("?country=australia&country=pakistan&sort=createdAt")).json();
    const comma = (await get("?country=australia,pakistan&sort=createdAt")).json();
    expect(namesOf(repeated)).toEqual([1, 2, 4, 5].map(label));
    expect(namesOf(comma)).toEqual(namesOf(repeated));
    const searched = (await get("?country=pakistan&search=charlie")).json();
    expect(namesOf(searched)).toEqual([label(2)]);
    expect(searched.total).toBe(1);
  });

  it("country follows a consultant's countries when they change, and a removed consultant leaves it", async () => {
    const added = await t.db.kysely
      .insertInto("consultants")
      .values({
        ...rows[0]!,
        name: "Follower",
        country: "canada,canada,pakistan",
        guidId: randomUUID(),
        createdAt: new Date(Date.UTC(2031, 0, 1)).toISOString(),
        updatedAt: new Date(Date.UTC(2031, 0, 1)).toISOString(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const follower = `Follower#${added.id}`;
    const inCountry = async (country: string) =>
      namesOf((await get(`?country=${country}&pageSize=100`)).json()).includes(follower);
    expect([await inCountry("canada"), await inCountry("pakistan"), await inCountry("australia")]).toEqual([
      true,
      true,
      false,
    ]);
    await t.db.kysely
      .updateTable("consultants")
      .set({ country: "australia" })
      .where("id", "=", added.id)
      .execute();
    expect([await inCountry("canada"), await inCountry("pakistan"), await inCountry("australia")]).toEqual([
      false,
      false,
      true,
    ]);
    await t.db.kysely.deleteFrom("consultants").where("id", "=", added.id).execute();
    const left = await t.db.kysely
      .selectFrom("consultantCountries")
      .select("country")
      .where("consultantId", "=", added.id)
      .execute();
    expect(left).toEqual([]);
  });

  it("bad values are 400 naming the field", async () => {
    const yesNo = await get("?approved=maybe");
    expect(yesNo.statusCode).toBe(400);
    expect(yesNo.json().fieldErrors).toHaveProperty("approved");
    const country = await get("?country=atlantis");
    expect(country.statusCode).toBe(400);
    expect(Object.keys(country.json().fieldErrors).join()).toMatch(/country/);
  });
});

describe("export", () => {
  const exportOf = (query: string) => t.app.inject({ method: "GET", url: `${URL}/export${query}`, headers });

  it("answers every matching row as CSV with a BOM, a dated file name, in the list's order", async () => {
    const response = await exportOf("?sort=-name&approved=true");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toMatch(
      /^attachment; filename="consultants-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const records: Record<string, string>[] = parse(response.body, { bom: true, columns: true });
    const list = (await get("?sort=-name&approved=true&pageSize=100")).json();
    expect(records).toHaveLength(list.total);
    expect(records.map((r) => r.Id)).toEqual(list.data.map((c: { guidId: string }) => c.guidId));
    expect(Object.keys(records[0]!)).not.toContain("Logo");
  });

  it("neutralises cells a spreadsheet would run as a formula", async () => {
    const records: Record<string, string>[] = parse((await exportOf("?search=echo")).body, {
      bom: true,
      columns: true,
    });
    expect(records).toHaveLength(1);
    expect(records[0]!["Business Name"]).toBe('\'=HYPERLINK("x")');
    expect(records[0]!.Phone).toBe("'+0 300");
    expect(records[0]!.Name).toBe("echo");
  });

  it("is compressed on the way, like the JSON answers", async () => {
    const response = await t.app.inject({
      method: "GET",
      url: `${URL}/export`,
      headers: { ...headers, "accept-encoding": "gzip" },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-encoding"]).toBe("gzip");
    const text = zlib.gunzipSync(response.rawPayload).toString("utf8");
    const records: Record<string, string>[] = parse(text, { bom: true, columns: true });
    expect(records).toHaveLength(rows.length);
  });

  it("refuses the list's bad values the same way", async () => {
    expect((await exportOf("?sort=nope")).statusCode).toBe(400);
  });
});

describe("bulk", () => {
  const bulk = (payload: unknown) =>
    t.app.inject({ method: "POST", url: "/api/v2/Consultants/bulk", headers, payload: payload as object });

  it("approves each row by its single rule, telling a refused row and going on", async () => {
    const response = await bulk({ action: "approve", ids: [guids[1], "no-such-consultant", guids[3]] });
    expect(response.statusCode).toBe(200);
    const { results } = response.json();
    expect(results).toEqual([
      { id: guids[1], ok: true, changed: true },
      { id: "no-such-consultant", ok: false, message: expect.stringMatching(/not found/i) },
      { id: guids[3], ok: true, changed: true },
    ]);
    expect((await get("?approved=false")).json().total).toBe(0);
    const off = await bulk({ action: "unpremium", ids: [guids[2]] });
    expect(off.json().results[0].ok).toBe(true);
    expect(
      (await t.app.inject({ method: "GET", url: `/api/v2/Consultants/${guids[2]}`, headers })).json()
        .isPremium,
    ).toBe(false);
  });

  it("reports a row already as asked as unchanged, and leaves it as it was", async () => {
    const detail = async (guid: string | undefined) =>
      (await t.app.inject({ method: "GET", url: `/api/v2/Consultants/${guid}`, headers })).json();
    // delta (guids[0]) was approved from the start; bravo (guids[3]) was approved by the test above.
    const before = await detail(guids[0]);
    expect(before.isApproved).toBe(true);
    const unapproved = await bulk({ action: "unapprove", ids: [guids[3]] });
    expect(unapproved.json().results).toEqual([{ id: guids[3], ok: true, changed: true }]);
    const response = await bulk({ action: "approve", ids: [guids[0], guids[3]] });
    expect(response.json().results).toEqual([
      { id: guids[0], ok: true, changed: false },
      { id: guids[3], ok: true, changed: true },
    ]);
    const after = await detail(guids[0]);
    expect(after.isApproved).toBe(true);
    expect(after.updatedAt).toBe(before.updatedAt);
    const premium = await bulk({ action: "premium", ids: [guids[1]] });
    expect(premium.json().results).toEqual([{ id: guids[1], ok: true, changed: false }]);
  });

  it("deletes rows, which then leave the list", async () => {
    const response = await bulk({ action: "delete", ids: [guids[4]] });
    expect(response.json().results).toEqual([{ id: guids[4], ok: true, changed: true }]);
    expect(
      (await t.app.inject({ method: "GET", url: `/api/v2/Consultants/${guids[4]}`, headers })).statusCode,
    ).toBe(404);
  });

  it(`takes at most ${MAX_BULK_IDS} ids and a known action`, async () => {
    const tooMany = await bulk({
      action: "approve",
      ids: Array.from({ length: MAX_BULK_IDS + 1 }, (_, n) => `id-${n}`),
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().fieldErrors).toHaveProperty("ids");
    expect((await bulk({ action: "explode", ids: [guids[0]] })).statusCode).toBe(400);
  });
});
