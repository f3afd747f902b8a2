import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { matchingIds } from "#api/db/search";
import { createTestApp, type TestApp } from "#test/helpers";
import { appointmentsInWindow, appointmentsOf } from "../appointments/search-repository";
import { consultantsAmong } from "../consultants/list-repository";
import { usersAmong } from "../users/repository";
import { headerTerm, passTotal, peopleOf, sharedPasses } from "./window";

/** GET /api/v2/search: consultants, app users, internal users and appointments matching one term. */
let t: TestApp;
let headers: { authorization: string };
const tag = `zq${randomUUID().slice(0, 6)}`;

beforeAll(async () => {
  t = await createTestApp();
  headers = (await t.signIn("Admin")).headers;
  const now = new Date().toISOString();
  const consultants = [];
  for (const [n, businessName] of [`${tag} Visas`, "Plain Visas", "Other Visas"].entries()) {
    consultants.push(
      await t.db.kysely
        .insertInto("consultants")
        .values({
          guidId: randomUUID(),
          name: n === 2 ? `Named ${tag}` : `Consultant ${n}`,
          businessName,
          contactEmail: `c${n}@example.com`,
          phoneNumber: n === 1 ? "+92 311 7777777" : "555",
          isApproved: true,
          isPremium: false,
          createdAt: now,
          updatedAt: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow(),
    );
  }
  const appUser = await t.createAccount({ role: "AppUser", userName: `${tag}-customer` });
  await t.db.kysely
    .updateTable("users")
    .set({ cnic: "35202-7654321-9", phoneNumber: "+92 300 5556667" })
    .where("id", "=", appUser.id)
    .execute();
  const plainUser = await t.createAccount({ role: "AppUser", userName: "plain-customer" });
  await t.createAccount({ role: "Staff", userName: "staff-member", email: `${tag}@staff.example.com` });
  // Found by its customer, by its consultant, and one found by neither.
  const book = (userId: number, consultantId: number, description: string, appointmentTime: string) =>
    t.db.kysely
      .insertInto("appointments")
      .values({
        guidId: randomUUID(),
        userId,
        userEmail: null,
        consultantId,
        consultantName: null,
        consultantEmail: null,
        appointmentDate: "2030-01-01",
        appointmentTime,
        description,
        supportContact: null,
        isConfirmed: false,
        isCancelled: false,
        isPaid: false,
        startsAt: `2030-01-01T${appointmentTime}.000Z`,
        endsAt: `2030-01-01T${appointmentTime.slice(0, 2)}:30:00.000Z`,
        createdAt: now,
        updatedAt: now,
        createdBy: null,
        updatedBy: null,
      })
      .execute();
  await book(appUser.id, consultants[1]!.id, "by customer", "10:00:00");
  await book(plainUser.id, consultants[0]!.id, "by consultant", "11:00:00");
  await book(plainUser.id, consultants[1]!.id, "by neither", "12:00:00");
});
afterAll(() => t.close());

const search = (query: string) => t.app.inject({ method: "GET", url: `/api/v2/search${query}`, headers });

describe("GET /api/v2/search", () => {
  it("answers each kind of record matching the term, with its total", async () => {
    const response = await search(`?q=${tag}`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.consultants.total).toBe(2);
    expect(body.consultants.data.map((c: { businessName: string }) => c.businessName).sort()).toEqual(
      [`${tag} Visas`, "Other Visas"].sort(),
    );
    expect(body.appUsers).toMatchObject({ total: 1, data: [{ userName: `${tag}-customer` }] });
    expect(body.internalUsers).toMatchObject({ total: 1, data: [{ userName: "staff-member" }] });
    expect(body.appointments.total).toBe(2);
    expect(body.appointments.data.map((a: { description: string }) => a.description).sort()).toEqual([
      "by consultant",
      "by customer",
    ]);
  });

  it("answers at most `limit` items of each kind, the total still counting them all", async () => {
    const body = (await search(`?q=${tag}&limit=1`)).json();
    expect(body.consultants.data).toHaveLength(1);
    expect(body.consultants.total).toBe(2);
    expect(body.appointments.data).toHaveLength(1);
    expect(body.appointments.total).toBe(2);
  });

  it("finds an account by its exact CNIC and a consultant by its exact phone number", async () => {
    const byCnic = (await search("?q=35202-7654321-9")).json();
    expect(byCnic.appUsers).toMatchObject({ total: 1, data: [{ userName: `${tag}-customer` }] });
    expect(byCnic.internalUsers.total).toBe(0);
    const byPhone = (await search(`?q=${encodeURIComponent("+92 311 7777777")}`)).json();
    expect(byPhone.consultants).toMatchObject({ total: 1, data: [{ businessName: "Plain Visas" }] });
  });

  it("finds an account by any run of 4 or more digits of its CNIC, with or without dashes or spaces", async () => {
    for (const q of ["7654321", "3520276543219", "543219", "35202 7654321", "202-7654", "35202-76"]) {
      const body = (await search(`?q=${encodeURIComponent(q)}`)).json();
      expect(body.appUsers, q).toMatchObject({ total: 1, data: [{ userName: `${tag}-customer` }] });
      expect(body.internalUsers.total, q).toBe(0);
    }
  });

  it("finds a consultant and an account by any run of 4 or more digits of their phone numbers", async () => {
    for (const q of ["3117777777", "311 7777", "7777777", "92-311-777", "(311) 777"]) {
      const body = (await search(`?q=${encodeURIComponent(q)}`)).json();
      expect(body.consultants, q).toMatchObject({ total: 1, data: [{ businessName: "Plain Visas" }] });
      expect(body.appointments.total, q).toBe(2);
    }
    const byAccountPhone = (await search("?q=3005556")).json();
    expect(byAccountPhone.appUsers).toMatchObject({ total: 1, data: [{ userName: `${tag}-customer` }] });
    expect(byAccountPhone.consultants.total).toBe(0);
  });

  it("answers digit runs from the indexes as it does from a window (the path of kinds past 1,000 records)", async () => {
    const cnic = headerTerm("7654321");
    const users = await matchingIds(t.db, "users", cnic, 1000);
    const byCnic = await usersAmong(t.db, "AppUser", users.ids, 5);
    expect(byCnic.rows.map((row) => row.userName)).toEqual([`${tag}-customer`]);
    expect(passTotal(byCnic.hits, users, undefined)).toEqual({ total: 1 });
    expect((await usersAmong(t.db, "internal", users.ids, 5)).hits).toBe(0);
    // Found by its search text and by its digits (the account's phone number): counted once.
    const phone = await matchingIds(t.db, "users", headerTerm("3005556"), 1000);
    expect((await usersAmong(t.db, "AppUser", phone.ids, 5)).hits).toBe(1);
    const consultantPhone = headerTerm("311 7777");
    const consultants = await matchingIds(t.db, "consultants", consultantPhone, 1000);
    const byPhone = await consultantsAmong(t.db, consultants.ids, 5);
    expect(byPhone.rows.map((row) => row.businessName)).toEqual(["Plain Visas"]);
    const people = await peopleOf(t.db, sharedPasses(), consultantPhone);
    expect(people.users).toEqual({ ids: [], complete: true });
    const found = { users: people.users.ids, consultants: people.consultants.ids };
    const appointments = await appointmentsOf(t.db, found, 5);
    expect(appointments.rows.map((row) => row.description).sort()).toEqual(["by customer", "by neither"]);
    expect(appointments.total).toEqual({ total: 2 });
  });

  it("the appointments' window answers the same from the passes as from the people's rows, capped passes too", async () => {
    const term = headerTerm(tag);
    const described = async (people?: Parameters<typeof appointmentsInWindow>[4]) => {
      const { rows, window } = await appointmentsInWindow(t.db, term, 5, 1000, people);
      return { found: rows.map((row) => row.description).sort(), window };
    };
    const byRows = await described();
    expect(byRows.found).toEqual(["by consultant", "by customer"]);
    // Capped at one, each pass knows only its newest match: the older one is tested by its row.
    for (const cap of [1, 1000]) {
      const people = {
        users: await matchingIds(t.db, "users", term, cap),
        consultants: await matchingIds(t.db, "consultants", term, cap),
      };
      expect(people.users.complete, `cap ${cap}`).toBe(cap > 1);
      expect(await described(people), `cap ${cap}`).toEqual(byRows);
    }
    // A complete pass is the answer for its people: their rows are not read again.
    const nobody = { ids: [], complete: true };
    expect((await described({ users: nobody, consultants: nobody })).found).toEqual([]);
  });

  it("lists find an account's phone number with or without its separators, and no CNIC or consultant phone", async () => {
    const list = async (url: string) => (await t.app.inject({ method: "GET", url, headers })).json();
    for (const q of ["+92 300 5556667", "923005556667", "3005556667", "300 5556667"]) {
      const body = await list(`/api/v2/User/users?role=AppUser&page=1&search=${encodeURIComponent(q)}`);
      expect(body.total, q).toBe(1);
      expect(body.data[0].userName, q).toBe(`${tag}-customer`);
    }
    expect((await list("/api/v2/User/users?role=AppUser&page=1&search=7654321")).total).toBe(0);
    expect((await list("/api/v2/Consultants/consultants?page=1&search=3117777777")).total).toBe(0);
  });

  it("refuses an empty term and a limit out of range, naming the field", async () => {
    const empty = await search("?q=%20");
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fieldErrors).toHaveProperty("q");
    const limit = await search("?q=visa&limit=500");
    expect(limit.statusCode).toBe(400);
    expect(limit.json().fieldErrors).toHaveProperty("limit");
  });
});
