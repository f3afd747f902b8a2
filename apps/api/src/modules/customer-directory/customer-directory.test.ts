import { customerDirectoryMessages as messages } from "@visadesk/contract/customer-directory";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerConsultant, uniqueTag } from "#test/builders";
import { CUSTOMER_API, quickCustomer } from "#test/customers";
import { createTestApp, type TestApp, testClock } from "#test/helpers";

// 08:00 in Karachi on a Tuesday: consultants without timings work 09:00-19:00 there.
const clock = testClock(new Date("2026-12-01T03:00:00Z"));
let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = (await t.signIn("Admin")).headers;
});
afterAll(() => t.close());

type Shape = {
  name: string;
  approved?: boolean;
  premium?: boolean;
  fee?: number | null;
  rating?: number | null;
};
async function consultant(tag: string, shape: Shape, fields: Record<string, string> = {}) {
  const made = await registerConsultant(t.app, admin, { Name: `${shape.name} ${tag}`, ...fields });
  await t.db.kysely
    .updateTable("consultants")
    .set({
      isApproved: shape.approved ?? true,
      isPremium: shape.premium ?? false,
      fee: shape.fee ?? null,
      rating: shape.rating ?? null,
    })
    .where("guidId", "=", made.guidId)
    .execute();
  return made.guidId;
}

const list = (query: string) => t.app.inject({ method: "GET", url: `${CUSTOMER_API}/consultants?${query}` });
const names = async (query: string) => {
  const answer = await list(query);
  expect(answer.statusCode, answer.body).toBe(200);
  return (answer.json().items as { name: string }[]).map((item) => item.name.split(" ")[0]);
};

describe("the directory", () => {
  it("lists approved consultants only, premium first by default, and each sort orders them", async () => {
    const tag = uniqueTag();
    await consultant(tag, { name: "Alpha", fee: 5000, rating: 4.5 });
    await consultant(tag, { name: "Bravo", premium: true, fee: 9000, rating: 3 });
    await consultant(tag, { name: "Charlie", fee: null, rating: null });
    await consultant(tag, { name: "Delta", fee: 2000, rating: 4.9 });
    await consultant(tag, { name: "Hidden", approved: false, fee: 1 });
    const deleted = await consultant(tag, { name: "Gone", fee: 1 });
    await t.db.kysely
      .updateTable("consultants")
      .set({ deletedAt: new Date().toISOString() })
      .where("guidId", "=", deleted)
      .execute();

    const search = `search=${tag}`;
    expect(await names(search)).toEqual(["Bravo", "Delta", "Alpha", "Charlie"]);
    expect(await names(`${search}&sort=rating`)).toEqual(["Delta", "Alpha", "Bravo", "Charlie"]);
    expect(await names(`${search}&sort=fee`)).toEqual(["Delta", "Alpha", "Bravo", "Charlie"]);
    expect(await names(`${search}&sort=feeDesc`)).toEqual(["Bravo", "Alpha", "Delta", "Charlie"]);
    expect(await names(`${search}&sort=name`)).toEqual(["Alpha", "Bravo", "Charlie", "Delta"]);
    expect(await names(`${search}&minFee=3000&maxFee=9000`)).toEqual(["Bravo", "Alpha"]);
    expect(await names(`${search}&minRating=4.5`)).toEqual(["Delta", "Alpha"]);
    const wrongRange = await list(`${search}&minFee=10&maxFee=5`);
    expect(wrongRange.statusCode).toBe(400);
    expect(wrongRange.json().fieldErrors.maxFee).toBe(messages.feeRange);
  });

  it("finds by service, visa offer and country, and shows no contact details", async () => {
    const tag = uniqueTag();
    await consultant(tag, { name: "Student" }, { Services: `Study visas ${tag}`, country: "canada,uk" });
    await consultant(tag, { name: "Work" }, { VisaOffer: `Work permits ${tag}`, country: "germany" });
    expect(await names(`search=${encodeURIComponent(`permits ${tag}`)}`)).toEqual(["Work"]);
    expect(await names(`service=${encodeURIComponent(`study visas ${tag}`)}`)).toEqual(["Student"]);
    expect(await names(`search=${tag}&country=UK`)).toEqual(["Student"]);
    const [item] = (await list(`search=${encodeURIComponent(`permits ${tag}`)}`)).json().items;
    expect(item.country).toEqual(["germany"]);
    for (const key of [
      "contactEmail",
      "phoneNumber",
      "officeNumber",
      "isApproved",
      "tags",
      "version",
      "createdBy",
    ]) {
      expect(item).not.toHaveProperty(key);
    }
  });

  it("walks every match exactly once by cursor, ties included, and refuses a tampered cursor", async () => {
    const tag = uniqueTag();
    for (let i = 0; i < 7; i += 1) await consultant(tag, { name: `Same`, fee: 1000, rating: 4 });
    for (const sort of ["recommended", "rating", "fee", "feeDesc", "name"]) {
      const seen: string[] = [];
      let cursor: string | null = "";
      while (cursor !== null) {
        const answer = await list(`search=${tag}&sort=${sort}&limit=3${cursor ? `&cursor=${cursor}` : ""}`);
        const page: { items: { guidId: string }[]; nextCursor: string | null } = answer.json();
        seen.push(...page.items.map((item) => item.guidId));
        cursor = page.nextCursor;
      }
      expect(seen, sort).toHaveLength(7);
      expect(new Set(seen).size, sort).toBe(7);
    }
    for (const bad of [
      "not-a-cursor",
      Buffer.from('["x"]').toString("base64url"),
      Buffer.from("[1,2]").toString("base64url"),
    ]) {
      const answer = await list(`search=${tag}&cursor=${bad}`);
      expect(answer.statusCode, bad).toBe(400);
      expect(answer.json().fieldErrors.cursor).toBe(messages.cursorInvalid);
    }
  });
});

describe("a consultant's public profile", () => {
  it("has the week and the offices and no internal field; unapproved, deleted and unknown ones are not found", async () => {
    const tag = uniqueTag();
    const id = await consultant(
      tag,
      { name: "Profile", fee: 3000 },
      { AboutInfo: "Ten years of student visas" },
    );
    const answer = await t.app.inject({ method: "GET", url: `${CUSTOMER_API}/consultants/${id}` });
    expect(answer.statusCode, answer.body).toBe(200);
    const profile = answer.json();
    expect(profile).toMatchObject({
      aboutInfo: "Ten years of student visas",
      defaultHours: true,
      fee: 3000,
      currency: "PKR",
    });
    expect(profile.weeklyHours[0]).toEqual({ day: "monday", ranges: [{ start: "09:00", end: "19:00" }] });
    for (const key of ["contactEmail", "phoneNumber", "isApproved", "notes", "createdBy", "version"]) {
      expect(profile).not.toHaveProperty(key);
    }
    const hidden = await consultant(tag, { name: "Unapproved", approved: false });
    for (const missing of [hidden, "7d0f7f5e-1c2b-4c62-9b55-000000000000"]) {
      expect(
        (await t.app.inject({ method: "GET", url: `${CUSTOMER_API}/consultants/${missing}` })).statusCode,
      ).toBe(404);
    }
  });
});

describe("free times", () => {
  it("are in the customer's zone, each with its instant; taken and past times are left out", async () => {
    const tag = uniqueTag();
    const id = await consultant(tag, { name: "Slots" });
    const customer = await quickCustomer(t);
    await t.db.kysely
      .updateTable("users")
      .set({ timeZone: "Europe/London" })
      .where("email", "=", customer.email)
      .execute();
    // 10:00 in Karachi on 2 December is taken.
    const booked = await t.app.inject({
      method: "POST",
      url: "/api/v2/userAppointment",
      headers: admin,
      payload: {
        consultantId: id,
        appointmentDate: "2026-12-02",
        appointmentTime: "10:00",
        description: "Taken",
      },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const answer = await t.app.inject({
      method: "GET",
      url: `${CUSTOMER_API}/consultants/${id}/availability?from=2026-12-01&to=2026-12-02`,
      headers: customer.headers,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const free = answer.json();
    expect(free).toMatchObject({
      timeZone: "Europe/London",
      consultantTimeZone: "Asia/Karachi",
      slotMinutes: 30,
    });
    expect(free.days.map((day: { date: string }) => day.date)).toEqual(["2026-12-01", "2026-12-02"]);
    const [today, tomorrow] = free.days;
    // Karachi 09:00-19:00 is London 04:00-14:00 (GMT+5 against GMT); today it is 03:00 in London.
    expect(today.slots[0]).toEqual({ time: "04:00", startsAt: "2026-12-01T04:00:00.000Z" });
    expect(tomorrow.slots.at(-1)).toEqual({ time: "13:30", startsAt: "2026-12-02T13:30:00.000Z" });
    expect(tomorrow.slots.map((slot: { time: string }) => slot.time)).not.toContain("05:00");
    expect(tomorrow.slots).toHaveLength(19);

    const long = await t.app.inject({
      method: "GET",
      url: `${CUSTOMER_API}/consultants/${id}/availability?from=2026-12-01&to=2027-01-15`,
      headers: customer.headers,
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().fieldErrors.to).toBe(messages.rangeTooLong(31));
    const anonymous = await t.app.inject({
      method: "GET",
      url: `${CUSTOMER_API}/consultants/${id}/availability?from=2026-12-01&to=2026-12-02`,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
