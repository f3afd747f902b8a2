import { randomUUID } from "node:crypto";
import { customerDirectoryMessages as messages } from "@visadesk/contract/customer-directory";
import { DateTime } from "luxon";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testConfig } from "#api/config";
import { registerConsultant, uniqueTag } from "#test/builders";
import { CUSTOMER_API, quickCustomer } from "#test/customers";
import { createTestApp, type TestApp, testClock } from "#test/helpers";

// 10:10 in Karachi (05:10 in London) on Tuesday 1 December 2026; consultants without timings work
// 09:00-19:00 in Karachi. Slots may be booked up to 3 days ahead here.
const NOW = "2026-12-01T05:10:00.000Z";
const clock = testClock(new Date(NOW));
let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp({
    clock,
    config: { customer: { ...testConfig().customer, bookingHorizonDays: 3 } },
  });
  admin = (await t.signIn("Admin")).headers;
});
afterAll(() => t.close());

type Shape = { approved?: boolean; premium?: boolean; fee?: number | null; rating?: number | null };
/** A consultant named "<name> <tag>", approved unless told otherwise. */
async function consultant(tag: string, name: string, shape: Shape = {}, fields: Record<string, string> = {}) {
  const made = await registerConsultant(t.app, admin, { Name: `${name} ${tag}`, ...fields });
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
  return made;
}
const remove = (guidId: string) =>
  t.db.kysely.updateTable("consultants").set({ deletedAt: NOW }).where("guidId", "=", guidId).execute();

const get = (path: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "GET", url: `${CUSTOMER_API}/${path}`, headers });
type Page = { data: { guidId: string; name: string }[]; nextCursor: string | null };
async function page(query: string): Promise<Page> {
  const answer = await get(`consultants?${query}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json();
}
/** The first word of each listed name, in the order listed. */
const names = async (query: string) => (await page(query)).data.map((item) => item.name.split(" ")[0]);
const q = encodeURIComponent;

/** What a customer must never see of a consultant. */
const INTERNAL = ["id", "isApproved", "notes", "tags", "version", "revision", "createdBy", "updatedBy"];
const CONTACTS = ["contactEmail", "phoneNumber", "officeNumber", "address", "timing", "deletedAt"];

describe("the directory", () => {
  it("lists approved consultants that are not deleted, premium first by default, in each order asked", async () => {
    const tag = uniqueTag();
    await consultant(tag, "Alpha", { fee: 5000, rating: 4.5 });
    await consultant(tag, "Bravo", { premium: true, fee: 9000, rating: 3 });
    await consultant(tag, "charlie");
    await consultant(tag, "Delta", { fee: 2000, rating: 4.9 });
    await consultant(tag, "Echo", { premium: true, fee: 100 });
    await consultant(tag, "Hidden", { approved: false, fee: 1, rating: 5 });
    await remove((await consultant(tag, "Gone", { fee: 1, rating: 5 })).guidId);

    const search = `search=${tag}`;
    // Missing fees and ratings come last; names sort without regard to case; ties by registration.
    expect(await names(search)).toEqual(["Bravo", "Echo", "Delta", "Alpha", "charlie"]);
    expect(await names(`${search}&sort=recommended`)).toEqual(await names(search));
    expect(await names(`${search}&sort=rating`)).toEqual(["Delta", "Alpha", "Bravo", "charlie", "Echo"]);
    expect(await names(`${search}&sort=fee`)).toEqual(["Echo", "Delta", "Alpha", "Bravo", "charlie"]);
    expect(await names(`${search}&sort=feeDesc`)).toEqual(["Bravo", "Alpha", "Delta", "Echo", "charlie"]);
    expect(await names(`${search}&sort=name`)).toEqual(["Alpha", "Bravo", "charlie", "Delta", "Echo"]);
    expect((await get(`consultants?${search}&sort=cheapest`)).statusCode).toBe(400);
  });

  it("finds by words, service, one country, fee and rating, and shows no contact or staff field", async () => {
    const tag = uniqueTag();
    const study = {
      Services: `Study VISAS ${tag}`,
      country: "canada,uk",
      ContactEmail: `secret${tag}@x.example`,
    };
    await consultant(tag, "Student", { fee: 3000, rating: 4 }, study);
    await consultant(
      tag,
      "Work",
      { fee: 8000, rating: 4.8 },
      { VisaOffer: `Work permits ${tag}`, country: "germany" },
    );
    await consultant(tag, "Family", { fee: 5000 }, { BusinessName: `Family Reunion ${tag}` });

    expect(await names(`search=${q(`  PERMITS ${tag} `)}`)).toEqual(["Work"]);
    expect(await names(`search=${q(`study visas ${tag}`)}`)).toEqual(["Student"]);
    expect(await names(`search=${q(`reunion ${tag}`)}`)).toEqual(["Family"]);
    expect(await names(`search=${q(`%${tag}`)}`)).toEqual([]);
    // The contact email is not searchable: the directory would reveal it letter by letter.
    expect(await names(`search=secret${tag}`)).toEqual([]);
    expect((await get(`consultants?search=${"x".repeat(101)}`)).statusCode).toBe(400);

    expect(await names(`service=${q(`visas ${tag}`)}`)).toEqual(["Student"]);
    expect(await names(`service=${q(`permits ${tag}`)}`)).toEqual([]);
    expect(await names(`search=${tag}&country=UK&sort=name`)).toEqual(["Student"]);
    expect(await names(`search=${tag}&country=canada`)).toEqual(["Student"]);
    expect(await names(`search=${tag}&country=germany`)).toEqual(["Work"]);
    const country = await get(`consultants?country=atlantis`);
    expect(country.statusCode).toBe(400);
    expect(country.json().fieldErrors.country).toBe(messages.countryInvalid);

    expect(await names(`search=${tag}&minFee=3000&maxFee=5000&sort=fee`)).toEqual(["Student", "Family"]);
    expect(await names(`search=${tag}&minRating=4&sort=rating`)).toEqual(["Work", "Student"]);
    const fees = await get(`consultants?search=${tag}&minFee=10&maxFee=5`);
    expect(fees.statusCode).toBe(400);
    expect(fees.json().fieldErrors.maxFee).toBe(messages.feeRange);
    expect((await get(`consultants?minRating=6`)).statusCode).toBe(400);
    expect((await get(`consultants?minFee=-1`)).statusCode).toBe(400);

    const [item] = (await page(`search=${q(`visas ${tag}`)}`)).data;
    expect(item).toMatchObject({
      country: ["canada", "uk"],
      fee: 3000,
      currency: t.config.currency,
      rating: 4,
    });
    for (const key of [...INTERNAL, ...CONTACTS]) expect(item).not.toHaveProperty(key);
  });

  it("walks every match exactly once page by page in each order, ties included, and refuses an altered cursor", async () => {
    const tag = uniqueTag();
    // Every premium, rating and fee shape twice over: each order has runs of equal keys across pages.
    for (const premium of [true, false]) {
      for (const value of [4, null]) {
        for (let copy = 0; copy < 2; copy += 1) {
          await consultant(tag, "Same", { premium, rating: value, fee: value && value * 250 });
        }
      }
    }
    let feeCursor = "";
    for (const sort of ["recommended", "rating", "fee", "feeDesc", "name"]) {
      const whole = (await page(`search=${tag}&sort=${sort}&limit=50`)).data.map((item) => item.guidId);
      expect(whole).toHaveLength(8);
      const walked: string[] = [];
      let cursor: string | null = "";
      while (cursor !== null) {
        const next: Page = await page(
          `search=${tag}&sort=${sort}&limit=3${cursor ? `&cursor=${cursor}` : ""}`,
        );
        if (sort === "fee" && !feeCursor) feeCursor = next.nextCursor ?? "";
        walked.push(...next.data.map((item) => item.guidId));
        cursor = next.nextCursor;
      }
      expect(walked, sort).toEqual(whole);
    }

    const decoded = JSON.parse(Buffer.from(feeCursor, "base64url").toString());
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
    const altered = {
      "not base64 JSON": "not-a-cursor!",
      "a bare array": encode(decoded.after),
      "a text for a number": encode({ ...decoded, after: ["x", ...decoded.after.slice(1)] }),
      "a key short": encode({ ...decoded, after: decoded.after.slice(1) }),
      "a fractional id": encode({ ...decoded, after: [...decoded.after.slice(0, -1), 1.5] }),
      "an extra field": encode({ ...decoded, page: 2 }),
      "too long": "a".repeat(2001),
    };
    for (const [what, cursor] of Object.entries(altered)) {
      const answer = await get(`consultants?search=${tag}&sort=fee&cursor=${cursor}`);
      expect(answer.statusCode, what).toBe(400);
      expect(answer.json().fieldErrors.cursor, what).toBe(messages.cursorInvalid);
    }
    // A cursor of one order does not continue another.
    const other = await get(`consultants?search=${tag}&sort=rating&cursor=${feeCursor}`);
    expect(other.statusCode).toBe(400);
    expect(other.json().fieldErrors.cursor).toBe(messages.cursorInvalid);
  });
});

describe("a consultant's public profile", () => {
  it("shows the week in force and the open offices in the consultant's zone, and no contact or staff field", async () => {
    const tag = uniqueTag();
    const made = await consultant(tag, "Profile", { fee: 3000 }, { AboutInfo: "Ten years of student visas" });
    await t.db.kysely
      .updateTable("consultants")
      .set({ timeZone: "Europe/Berlin" })
      .where("id", "=", made.id)
      .execute();
    const audited = (active: boolean, deleted: boolean) => ({
      guidId: randomUUID(),
      consultantId: made.id,
      isActive: active,
      isDeleted: deleted,
      createdAt: NOW,
      updatedAt: NOW,
      createdBy: "admin",
      updatedBy: "admin",
    });
    const day = {
      tuesday: null,
      wednesday: null,
      thursday: null,
      friday: null,
      saturday: null,
      sunday: null,
    };
    await t.db.kysely
      .insertInto("consultantTimings")
      .values([
        { ...audited(true, false), ...day, monday: "09:00 - 13:00, 14:00 - 17:30", tuesday: "10:00 - 16:00" },
        { ...audited(false, false), ...day, monday: null, sunday: "08:00 - 20:00" },
      ])
      .execute();
    const office = (city: string, active: boolean, deleted: boolean) => ({
      ...audited(active, deleted),
      address: "1 Main Street",
      city,
      state: "Berlin",
      country: "germany",
      zipCode: "10115",
      latitude: null,
      longitude: null,
    });
    await t.db.kysely
      .insertInto("consultantAddresses")
      .values([office("Berlin", true, false), office("Closed", false, false), office("Removed", true, true)])
      .execute();

    const answer = await get(`consultants/${made.guidId}`);
    expect(answer.statusCode, answer.body).toBe(200);
    const profile = answer.json();
    expect(profile).toMatchObject({
      guidId: made.guidId,
      aboutInfo: "Ten years of student visas",
      fee: 3000,
      currency: t.config.currency,
      timeZone: "Europe/Berlin",
      defaultHours: false,
    });
    expect(profile.weeklyHours.slice(0, 3)).toEqual([
      {
        day: "monday",
        ranges: [
          { start: "09:00", end: "13:00" },
          { start: "14:00", end: "17:30" },
        ],
      },
      { day: "tuesday", ranges: [{ start: "10:00", end: "16:00" }] },
      { day: "wednesday", ranges: [] },
    ]);
    expect(profile.weeklyHours.at(-1)).toEqual({ day: "sunday", ranges: [] });
    expect(profile.addresses).toEqual([
      { address: "1 Main Street", city: "Berlin", state: "Berlin", country: "germany", zipCode: "10115" },
    ]);
    for (const key of [...INTERNAL, ...CONTACTS]) expect(profile).not.toHaveProperty(key);

    // No timings at all: the default hours, every day, in the business zone.
    const plain = (await get(`consultants/${(await consultant(tag, "Plain")).guidId}`)).json();
    expect(plain).toMatchObject({ defaultHours: true, timeZone: t.config.businessTimeZone, addresses: [] });
    expect(plain.weeklyHours).toHaveLength(7);
    for (const week of plain.weeklyHours) expect(week.ranges).toEqual([{ start: "09:00", end: "19:00" }]);
  });

  it("is not found for an unapproved, deleted or unknown consultant, or any id but a guidId", async () => {
    const tag = uniqueTag();
    const unapproved = await consultant(tag, "Unapproved", { approved: false });
    const deleted = await consultant(tag, "Deleted");
    await remove(deleted.guidId);
    const listed = await consultant(tag, "Listed");
    for (const id of [unapproved.guidId, deleted.guidId, randomUUID(), String(listed.id), "not-a-guid"]) {
      const answer = await get(`consultants/${id}`);
      expect(answer.statusCode, id).toBe(404);
      expect(answer.json().message).toBe(messages.consultantNotFound);
    }
  });
});

describe("free times", () => {
  type Day = { date: string; slots: { time: string; startsAt: string }[] };
  /** A verified customer whose own zone is `timeZone`, set as the customer sets it. */
  async function customerIn(timeZone: string) {
    const customer = await quickCustomer(t);
    const changed = await t.app.inject({
      method: "PATCH",
      url: `${CUSTOMER_API}/me`,
      headers: customer.headers,
      payload: { timeZone },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    return customer.headers;
  }
  const timesOf = (day: Day | undefined) => (day?.slots ?? []).map((slot) => slot.time);

  it("are on the customer's clock with each instant; past, taken and beyond-horizon times are left out", async () => {
    const id = (await consultant(uniqueTag(), "Slots")).guidId;
    // 10:00 in Karachi on 2 December (05:00 in London) is taken.
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
    const headers = await customerIn("Europe/London");
    const answer = await get(`consultants/${id}/availability?from=2026-12-01&to=2026-12-05`, headers);
    expect(answer.statusCode, answer.body).toBe(200);
    const free = answer.json();
    expect(free).toMatchObject({
      timeZone: "Europe/London",
      consultantTimeZone: "Asia/Karachi",
      slotMinutes: 30,
      defaultHours: true,
    });
    const days: Day[] = free.days;
    expect(days.map((day) => day.date)).toEqual([
      "2026-12-01",
      "2026-12-02",
      "2026-12-03",
      "2026-12-04",
      "2026-12-05",
    ]);
    // Karachi's 09:00-19:00 is London's 04:00-14:00; it is 05:10 in London now.
    expect(days[0]?.slots[0]).toMatchObject({ time: "05:30", startsAt: "2026-12-01T05:30:00.000Z" });
    expect(timesOf(days[0])).toHaveLength(17);
    expect(timesOf(days[1])).not.toContain("05:00");
    expect(timesOf(days[1])).toHaveLength(19);
    expect(timesOf(days[2])).toHaveLength(20);
    // Bookable until 05:10 on 4 December, three days from now; nothing after.
    expect(timesOf(days[3])).toEqual(["04:00", "04:30", "05:00"]);
    expect(days[4]?.slots).toEqual([]);
    for (const day of days) {
      for (const slot of day.slots) {
        expect(DateTime.fromISO(slot.startsAt, { zone: "Europe/London" }).toFormat("yyyy-MM-dd HH:mm")).toBe(
          `${day.date} ${slot.time}`,
        );
      }
    }
  });

  it("are grouped by the customer's own dates, also where the consultant's day crosses the customer's midnight", async () => {
    const id = (await consultant(uniqueTag(), "Evening")).guidId;
    const headers = await customerIn("America/New_York");
    const answer = await get(`consultants/${id}/availability?from=2026-12-01&to=2026-12-01`, headers);
    expect(answer.statusCode, answer.body).toBe(200);
    const [day, ...more]: Day[] = answer.json().days;
    expect(more).toEqual([]);
    // New York is 10 hours behind Karachi: 10:30-18:30 there today is 00:30-08:30 here, and tomorrow's
    // 09:00 and 09:30 in Karachi are 23:00 and 23:30 tonight (within CUSTOMER_CANCEL_HOURS, 24 here).
    expect(day?.slots[0]).toMatchObject({ time: "00:30", startsAt: "2026-12-01T05:30:00.000Z" });
    expect(day?.slots.slice(-2)).toEqual([
      { time: "23:00", startsAt: "2026-12-02T04:00:00.000Z", changeLocked: true },
      { time: "23:30", startsAt: "2026-12-02T04:30:00.000Z", changeLocked: true },
    ]);
    expect(day?.slots).toHaveLength(19);
  });

  it("refuse a range over 31 days or backwards, and consultants not listed", async () => {
    const tag = uniqueTag();
    const id = (await consultant(tag, "Ranges")).guidId;
    const headers = await customerIn("Europe/London");
    const month = await get(`consultants/${id}/availability?from=2026-12-01&to=2026-12-31`, headers);
    expect(month.statusCode, month.body).toBe(200);
    expect(month.json().days).toHaveLength(31);
    const long = await get(`consultants/${id}/availability?from=2026-12-01&to=2027-01-01`, headers);
    expect(long.statusCode).toBe(400);
    expect(long.json().fieldErrors.to).toBe(messages.rangeTooLong(31));
    const backwards = await get(`consultants/${id}/availability?from=2026-12-05&to=2026-12-04`, headers);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().fieldErrors.to).toBe(messages.rangeOrder);
    const hidden = (await consultant(tag, "Hidden", { approved: false })).guidId;
    for (const missing of [hidden, randomUUID()]) {
      const answer = await get(`consultants/${missing}/availability?from=2026-12-01&to=2026-12-02`, headers);
      expect(answer.statusCode).toBe(404);
    }
  });
});
