import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestAccount, type TestApp } from "#test/helpers";

/** Sort, filters and export of the app users and internal users lists (issue "Lists that staff can work with"). */
let t: TestApp;
let headers: { authorization: string };
const URL = "/api/v2/User/users";
const accounts: TestAccount[] = [];

const people = [
  { userName: "lt-delta", role: "AppUser", status: "active", firstName: "Dora", cnic: "=1+2" },
  { userName: "lt-alpha", role: "AppUser", status: "pending", firstName: "Anna", cnic: "35202-1" },
  { userName: "lt-charlie", role: "AppUser", status: "rejected", firstName: "Carl", cnic: null },
  { userName: "lt-bravo", role: "AppUser", status: "active", firstName: "Bea", cnic: "35202-2" },
  { userName: "lt-echo", role: "Staff", status: "active", firstName: "Eve", cnic: null },
  { userName: "lt-foxtrot", role: "Admin", status: "active", firstName: "Finn", cnic: null },
] as const;

beforeAll(async () => {
  t = await createTestApp();
  headers = (await t.signIn("Admin")).headers;
  for (const person of people) {
    const account = await t.createAccount({
      userName: person.userName,
      email: `${person.userName}@example.com`,
      role: person.role,
      status: person.status,
    });
    await t.db.kysely
      .updateTable("users")
      .set({ firstName: person.firstName, lastName: "Tester", cnic: person.cnic })
      .where("id", "=", account.id)
      .execute();
    accounts.push(account);
  }
});
afterAll(() => t.close());

const get = (query: string) => t.app.inject({ method: "GET", url: `${URL}${query}`, headers });
const userNames = (body: { data: { userName: string }[] }) => body.data.map((u) => u.userName);

describe("sort", () => {
  it("orders app users by user name both ways, and pages without repeats or gaps", async () => {
    const up = await get("?role=AppUser&sort=userName&pageSize=100");
    expect(up.statusCode).toBe(200);
    expect(userNames(up.json())).toEqual(["lt-alpha", "lt-bravo", "lt-delta"]);
    expect(userNames((await get("?role=AppUser&sort=-userName&pageSize=100")).json())).toEqual([
      "lt-delta",
      "lt-bravo",
      "lt-alpha",
    ]);
    const paged = [
      ...userNames((await get("?role=AppUser&sort=fullName&pageSize=2&page=1")).json()),
      ...userNames((await get("?role=AppUser&sort=fullName&pageSize=2&page=2")).json()),
    ];
    expect(paged).toEqual(["lt-alpha", "lt-bravo", "lt-delta"]);
  });

  it("refuses an unknown field, naming the allowed ones", async () => {
    const response = await get("?sort=passwordHash");
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors.sort).toMatch(
      /userName, email, fullName, phoneNumber, cnic, createdAt/,
    );
  });
});

describe("filters", () => {
  it("status narrows the list; rejected accounts show only when asked for", async () => {
    // Without paging, the whole list (an array, as the spec answers it), sorted all the same.
    const whole: { userName: string }[] = (await get("?role=AppUser&sort=userName")).json();
    expect(whole.map((u) => u.userName)).toEqual(["lt-alpha", "lt-bravo", "lt-delta"]);
    const pending = (await get("?role=AppUser&status=pending&page=1")).json();
    expect(userNames(pending)).toEqual(["lt-alpha"]);
    expect(pending.total).toBe(1);
    expect(userNames((await get("?role=AppUser&status=rejected&page=1")).json())).toEqual(["lt-charlie"]);
    const active = (await get("?role=AppUser&status=active&search=lt-&sort=userName&page=1")).json();
    expect(userNames(active)).toEqual(["lt-bravo", "lt-delta"]);
    expect(active.total).toBe(2);
  });

  it("the list, its total and its export agree for every status and role filter", async () => {
    // The rejected ones above, and one internal, which the internal list's Rejected filter must count.
    await t.createAccount({ userName: "lt-golf", role: "Staff", status: "rejected" });
    for (const role of ["", "AppUser", "internal", "Staff"]) {
      for (const status of ["", "active", "pending", "rejected"]) {
        const query = `role=${role}&status=${status}&search=lt-`.replace(/\w+=&/g, "");
        const page = await get(`?${query}&page=1&pageSize=100`);
        expect(page.statusCode, query).toBe(200);
        const list = page.json();
        const exported = await t.app.inject({ method: "GET", url: `${URL}/export?${query}`, headers });
        const records: Record<string, string>[] = parse(exported.body, { bom: true, columns: true });
        expect(list.total, query).toBe(list.data.length);
        expect(records.map((r) => r["User Name"]).sort(), query).toEqual(userNames(list).sort());
      }
    }
  });

  it("role narrows the internal users to Staff or Admin", async () => {
    expect(userNames((await get("?role=Staff&page=1")).json())).toEqual(["lt-echo"]);
    const admins = userNames((await get("?role=Admin&page=1")).json());
    expect(admins).toContain("lt-foxtrot");
    expect(admins).not.toContain("lt-echo");
  });

  it("a bad status or role is 400 naming the field", async () => {
    const status = await get("?status=sleeping");
    expect(status.statusCode).toBe(400);
    expect(status.json().fieldErrors).toHaveProperty("status");
    const role = await get("?role=Owner");
    expect(role.statusCode).toBe(400);
    expect(role.json().fieldErrors).toHaveProperty("role");
  });
});

describe("export", () => {
  it("answers the list's rows as CSV: BOM, dated name, list order, no images or password", async () => {
    const response = await t.app.inject({
      method: "GET",
      url: `${URL}/export?role=AppUser&sort=-userName`,
      headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toMatch(/filename="app-users-\d{4}-\d{2}-\d{2}\.csv"/);
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const records: Record<string, string>[] = parse(response.body, { bom: true, columns: true });
    const list = (await get("?role=AppUser&sort=-userName&pageSize=100")).json();
    expect(records).toHaveLength(list.total);
    expect(records.map((r) => r["User Name"])).toEqual(userNames(list));
    const header = Object.keys(records[0]!).join(" ").toLowerCase();
    expect(header).not.toMatch(/password|front|back|pic/);
    // A CNIC that a spreadsheet would compute is kept as text.
    expect(records.find((r) => r["User Name"] === "lt-delta")!.CNIC).toBe("'=1+2");
  });

  it("takes the status filter too", async () => {
    const response = await t.app.inject({
      method: "GET",
      url: `${URL}/export?role=AppUser&status=rejected`,
      headers,
    });
    const records: Record<string, string>[] = parse(response.body, { bom: true, columns: true });
    expect(records.map((r) => r["User Name"])).toEqual(["lt-charlie"]);
  });
});
