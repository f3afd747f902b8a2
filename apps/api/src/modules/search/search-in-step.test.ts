import { randomInt, randomUUID } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consultantFields, registerConsultant, sendForm, uniqueTag } from "#test/builders";
import { createTestApp, type TestApp } from "#test/helpers";
import { migrate } from "../../db/migrate";
import { seedDemoData } from "../../db/seed/demo";
import { generateBulkData } from "../../db/seed/generate";

/**
 * Every searched field is found by its new value right after each way a record is written (an edit, a bulk
 * action, a restore, the seeds, the migration that repairs older databases), by the lists and the header
 * search alike, and no longer by its old value.
 */
type Headers = Record<string, string>;
interface Found {
  total: number;
  guids: string[];
}

const get = async (t: TestApp, headers: Headers, url: string) => {
  const response = await t.app.inject({ method: "GET", url, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const listed = (body: { data: Array<{ guidId: string }>; total: number }): Found => ({
  total: body.total,
  guids: body.data.map((row) => row.guidId),
});
const grouped = (group: { data: Array<{ guidId: string }>; total: number }): Found => ({
  total: group.total,
  guids: group.data.map((row) => row.guidId),
});

/** Where a term finds what: the consultant list, the app user list and the header search's groups. */
async function lookUp(t: TestApp, headers: Headers, term: string) {
  const q = encodeURIComponent(term);
  const [consultants, appUsers, header] = await Promise.all([
    get(t, headers, `/api/v2/Consultants/consultants?page=1&search=${q}`),
    get(t, headers, `/api/v2/User/users?role=AppUser&page=1&search=${q}`),
    get(t, headers, `/api/v2/search?q=${q}`),
  ]);
  return {
    consultants: listed(consultants),
    appUsers: listed(appUsers),
    header: { consultants: grouped(header.consultants), appUsers: grouped(header.appUsers) },
  };
}

/** The one record the term finds, in its list and in the header search, with totals that agree. */
async function expectOnly(
  t: TestApp,
  headers: Headers,
  term: string,
  kind: "consultants" | "appUsers",
  guid: string,
) {
  const found = await lookUp(t, headers, term);
  expect(found[kind], `${kind} list, "${term}"`).toEqual({ total: 1, guids: [guid] });
  expect(found.header[kind], `header search ${kind}, "${term}"`).toEqual({ total: 1, guids: [guid] });
}
async function expectNone(t: TestApp, headers: Headers, term: string) {
  const found = await lookUp(t, headers, term);
  const none = { total: 0, guids: [] };
  expect(found.consultants, `consultant list, "${term}"`).toEqual(none);
  expect(found.appUsers, `app user list, "${term}"`).toEqual(none);
  expect(found.header, `header search, "${term}"`).toEqual({ consultants: none, appUsers: none });
}

/** Six random digits: numbers of the tests' own, after a leading digit that keeps phones and CNICs apart. */
const sixDigits = () => String(randomInt(0, 1_000_000)).padStart(6, "0");

/** The Add App User form's fields, with a surname and numbers of its own. */
function appUserFields(lastName: string) {
  const tag = uniqueTag();
  return {
    UserName: `ali${tag}`,
    Email: `ali${tag}@example.com`,
    FirstName: "Ali",
    LastName: lastName,
    PhoneNumber: `+92 333 4${sixDigits()}`,
    DateOfBirth: "1990-04-12",
    cnic: `61101-7${sixDigits()}-3`,
    Address: "12 Mall Road, Lahore",
    Password: "app-user-password",
  };
}

/** Writes through the API, as staff do. */
function writers(t: TestApp, headers: Headers) {
  return {
    async renameConsultant(guidId: string, fields: Record<string, string>) {
      const response = await sendForm(
        t.app,
        { method: "PUT", url: "/api/v2/Consultants/update", headers },
        consultantFields({ GuidId: guidId, ...fields }),
      );
      expect(response.statusCode, response.body).toBe(200);
    },
    async addAppUser(fields: Record<string, string>) {
      const response = await sendForm(
        t.app,
        { method: "POST", url: "/api/v2/User/adduser", headers },
        fields,
      );
      expect(response.statusCode, response.body).toBe(201);
      return response.json().guidId as string;
    },
    async updateAppUser(guidId: string, fields: Record<string, string>) {
      const response = await sendForm(
        t.app,
        { method: "PUT", url: `/api/v2/User/update-user?id=${guidId}`, headers },
        { ...fields, GuidId: guidId, Password: "" },
      );
      expect(response.statusCode, response.body).toBe(200);
    },
  };
}

describe("search after each write", () => {
  let t: TestApp;
  let admin: Headers;
  beforeAll(async () => {
    t = await createTestApp();
    admin = (await t.signIn("Admin")).headers;
  });
  afterAll(() => t.close());

  it("finds an edited consultant and app user by their new values only", async () => {
    const write = writers(t, admin);
    const tag = uniqueTag().replace(/[^a-z0-9]/g, "");
    const oldPhone = `+92 321 4${sixDigits()}`;
    const consultant = await registerConsultant(t.app, admin, {
      Name: `Christ Balistreri${tag}`,
      PhoneNumber: oldPhone,
    });
    const newPhone = `+92 345 4${sixDigits()}`;
    await write.renameConsultant(consultant.guidId, {
      Name: `Christopher Quixote${tag}`,
      PhoneNumber: newPhone,
    });
    await expectOnly(t, admin, `Quixote${tag}`, "consultants", consultant.guidId);
    await expectNone(t, admin, `Balistreri${tag}`);
    const header = (term: string) => get(t, admin, `/api/v2/search?q=${encodeURIComponent(term)}`);
    expect(grouped((await header(newPhone.slice(-7))).consultants).guids).toEqual([consultant.guidId]);
    expect(grouped((await header(oldPhone.slice(-7))).consultants).total).toBe(0);

    const fields = appUserFields(`Kazmi${tag}`);
    const appUser = await write.addAppUser(fields);
    await expectOnly(t, admin, `Kazmi${tag}`, "appUsers", appUser);
    const cnic = `61101-7${sixDigits()}-5`;
    await write.updateAppUser(appUser, { ...fields, LastName: `Qureshi${tag}`, cnic });
    await expectOnly(t, admin, `Qureshi${tag}`, "appUsers", appUser);
    await expectNone(t, admin, `Kazmi${tag}`);
    // The CNIC's middle seven digits: a run no phone number here holds.
    expect(grouped((await header(cnic.slice(6, 13))).appUsers).guids).toEqual([appUser]);
    expect(grouped((await header(fields.cnic.slice(6, 13))).appUsers).total).toBe(0);
  });

  it("keeps an edited record found through a bulk action, a delete and a restore", async () => {
    const write = writers(t, admin);
    const tag = uniqueTag().replace(/[^a-z0-9]/g, "");
    const consultant = await registerConsultant(t.app, admin, {
      Name: `Nadia Hussain${tag}`,
      IsApproved: "false",
    });
    await write.renameConsultant(consultant.guidId, { Name: `Nadia Farooqi${tag}` });
    const bulk = await t.app.inject({
      method: "POST",
      url: "/api/v2/Consultants/bulk",
      headers: admin,
      payload: { action: "approve", ids: [consultant.guidId] },
    });
    expect(bulk.statusCode, bulk.body).toBe(200);
    await expectOnly(t, admin, `Farooqi${tag}`, "consultants", consultant.guidId);
    await expectNone(t, admin, `Hussain${tag}`);

    const fields = appUserFields(`Malik${tag}`);
    const appUser = await write.addAppUser(fields);
    await write.updateAppUser(appUser, { ...fields, LastName: `Sheikh${tag}` });
    // Deleted as the delete marks them (the delete's own choices are not what this is about).
    const at = new Date().toISOString();
    await t.db.kysely
      .updateTable("consultants")
      .set({ deletedAt: at })
      .where("guidId", "=", consultant.guidId)
      .execute();
    await t.db.kysely.updateTable("users").set({ deletedAt: at }).where("guidId", "=", appUser).execute();
    await expectNone(t, admin, `Farooqi${tag}`);
    await expectNone(t, admin, `Sheikh${tag}`);
    const restore = (url: string) => t.app.inject({ method: "POST", url, headers: admin });
    expect((await restore(`/api/v2/Consultants/${consultant.guidId}/restore`)).statusCode).toBe(200);
    expect((await restore(`/api/v2/User/users/${appUser}/restore`)).statusCode).toBe(200);
    await expectOnly(t, admin, `Farooqi${tag}`, "consultants", consultant.guidId);
    await expectOnly(t, admin, `Sheikh${tag}`, "appUsers", appUser);
    await expectNone(t, admin, `Malik${tag}`);
  });

  it("finds what the demo seed and the bulk generator add, by name and by digits", async () => {
    const log = { info: () => {}, warn: () => {} } as unknown as Parameters<typeof seedDemoData>[1]["log"];
    const newest = async () => ({
      consultant: Number(
        (
          await t.db.kysely
            .selectFrom("consultants")
            .select((eb) => eb.fn.max("id").as("id"))
            .executeTakeFirst()
        )?.id ?? 0,
      ),
      user: Number(
        (
          await t.db.kysely
            .selectFrom("users")
            .select((eb) => eb.fn.max("id").as("id"))
            .executeTakeFirst()
        )?.id ?? 0,
      ),
    });
    const beforeDemo = await newest();
    await seedDemoData(t.db, { log, businessTimeZone: "Asia/Karachi" });
    const beforeBulk = await newest();
    await generateBulkData(
      t.db,
      { consultants: 2, appUsers: 2, appointments: 0 },
      { businessTimeZone: "UTC", seed: 11 },
    );
    // The first record of each kind each seed added.
    for (const after of [beforeDemo, beforeBulk]) {
      const consultant = await t.db.kysely
        .selectFrom("consultants")
        .select(["guidId", "name", "phoneNumber"])
        .where("id", ">", after.consultant)
        .orderBy("id")
        .executeTakeFirstOrThrow();
      const appUser = await t.db.kysely
        .selectFrom("users")
        .select(["guidId", "userName", "cnic"])
        .where("role", "=", "AppUser")
        .where("id", ">", after.user)
        .orderBy("id")
        .executeTakeFirstOrThrow();
      const found = await lookUp(t, admin, consultant.name);
      expect(found.consultants.guids).toContain(consultant.guidId);
      expect(found.header.consultants.guids).toContain(consultant.guidId);
      const byName = await lookUp(t, admin, appUser.userName);
      expect(byName.appUsers.guids).toContain(appUser.guidId);
      expect(byName.header.appUsers.guids).toContain(appUser.guidId);
      const byCnic = await get(t, admin, `/api/v2/search?q=${(appUser.cnic ?? "").replace(/-/g, "")}`);
      expect(grouped(byCnic.appUsers).guids).toContain(appUser.guidId);
      const phoneDigits = consultant.phoneNumber.replace(/[^0-9]/g, "");
      const byPhone = await get(t, admin, `/api/v2/search?q=${phoneDigits}&limit=20`);
      expect(grouped(byPhone.consultants).guids).toContain(consultant.guidId);
    }
  });
});

describe("search after the migration that keeps it in step", () => {
  let t: TestApp;
  let admin: Headers;
  beforeAll(async () => {
    t = await createTestApp({ migrateUntil: "022-session-reauthentication" });
    admin = (await t.signIn("Admin")).headers;
  });
  afterAll(() => t.close());

  it("finds records edited before it by their new values, and numbers by their digits", async () => {
    const tag = uniqueTag().replace(/[^a-z0-9]/g, "");
    const now = new Date().toISOString();
    const consultant = await t.db.kysely
      .insertInto("consultants")
      .values({
        guidId: randomUUID(),
        name: `Christ Balistreri${tag}`,
        businessName: "Plain Visas",
        contactEmail: `c${tag}@example.com`,
        phoneNumber: "+92 300 4445556",
        isApproved: true,
        isPremium: false,
        createdAt: now,
        updatedAt: now,
      })
      .returning(["id", "guidId"])
      .executeTakeFirstOrThrow();
    const appUser = await t.createAccount({ role: "AppUser" });
    // Edited as the product edited them before the migration: the old trigger left the index behind.
    await sql`update consultants set name = ${`Christopher Quixote${tag}`} where id = ${consultant.id}`.execute(
      t.db.kysely,
    );
    await sql`update users set last_name = ${`Quraishi${tag}`}, cnic = '61101-7776665-1' where id = ${appUser.id}`.execute(
      t.db.kysely,
    );
    await migrate(t.db);
    await expectOnly(t, admin, `Quixote${tag}`, "consultants", consultant.guidId);
    await expectOnly(t, admin, `Quraishi${tag}`, "appUsers", appUser.guidId);
    await expectNone(t, admin, `Balistreri${tag}`);
    const header = await get(t, admin, "/api/v2/search?q=7776665");
    expect(grouped(header.appUsers).guids).toEqual([appUser.guidId]);
    const byPhone = await get(t, admin, "/api/v2/search?q=4445556");
    expect(grouped(byPhone.consultants).guids).toEqual([consultant.guidId]);
  });
});
