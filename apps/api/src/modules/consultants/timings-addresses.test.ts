import { randomUUID } from "node:crypto";
import { addressMessages, timingMessages } from "@visadesk/contract/consultants-constants";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerConsultant } from "#test/builders";
import { createTestApp, type TestApp } from "#test/helpers";

let t: TestApp;
let headers: { authorization: string };
let userName: string;
beforeAll(async () => {
  t = await createTestApp();
  const admin = await t.signIn("Admin");
  headers = admin.headers;
  userName = admin.user.userName;
});
afterAll(() => t.close());

const createConsultant = () => registerConsultant(t.app, headers);

const postTiming = (payload: object) =>
  t.app.inject({ method: "POST", url: "/api/v2/Consultants/consultanttimings", headers, payload });
const postAddresses = (payload: object) =>
  t.app.inject({ method: "POST", url: "/api/v2/Consultants/consultantaddresses", headers, payload });
const detail = async (guidId: string) =>
  (await t.app.inject({ method: "GET", url: `/api/v2/Consultants/${guidId}`, headers })).json();

describe("POST /api/v2/Consultants/consultanttimings", () => {
  it("adds a timing with id 0, trimming values; the audit fields come from the signed-in user", async () => {
    const consultant = await createConsultant();
    const guidId = randomUUID();
    const response = await postTiming({
      id: 0,
      guidId,
      consultantId: consultant.guidId,
      monday: " 09:00 - 17:00 ",
      tuesday: "09:00 - 17:00",
      wednesday: "",
      isActive: true,
      isDeleted: false,
      createdBy: "someone-else",
      updatedBy: "someone-else",
    });
    expect(response.statusCode).toBe(200);
    const timing = response.json();
    expect(timing).toMatchObject({
      id: expect.any(Number),
      guidId,
      consultantId: consultant.guidId,
      monday: "09:00 - 17:00",
      tuesday: "09:00 - 17:00",
      wednesday: null,
      sunday: null,
      isActive: true,
      isDeleted: false,
      createdBy: userName,
      updatedBy: userName,
    });
    expect((await detail(consultant.guidId)).timings).toEqual([timing]);
  });

  it("edits by id and guidId, then soft-deletes with isDeleted: the list hides it but the row stays", async () => {
    const consultant = await createConsultant();
    const added = (
      await postTiming({ id: 0, consultantId: consultant.guidId, friday: "10:00 - 14:00" })
    ).json();
    expect(added.guidId).toMatch(/^[0-9a-f-]{36}$/);
    const edited = await postTiming({ ...added, friday: "", saturday: "10:00 - 12:00" });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      id: added.id,
      guidId: added.guidId,
      friday: null,
      saturday: "10:00 - 12:00",
      createdAt: added.createdAt,
    });
    const deleted = await postTiming({ ...edited.json(), isDeleted: true });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().isDeleted).toBe(true);
    expect((await detail(consultant.guidId)).timings).toEqual([]);
    const row = await t.db.kysely
      .selectFrom("consultantTimings")
      .select("isDeleted")
      .where("id", "=", added.id)
      .executeTakeFirst();
    expect(row).toEqual({ isDeleted: true });
    // A deleted timing cannot be edited any more.
    const again = await postTiming({ ...added, isDeleted: false });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(timingMessages.notFound);
  });

  it("answers 400 with the spec's messages: no day given, no consultant id", async () => {
    const consultant = await createConsultant();
    const noDay = await postTiming({ id: 0, consultantId: consultant.guidId, monday: "  ", sunday: "" });
    expect(noDay.statusCode).toBe(400);
    expect(noDay.json().message).toBe("Please enter timing for at least one day");
    const noConsultant = await postTiming({ id: 0, monday: "09:00 - 17:00" });
    expect(noConsultant.statusCode).toBe(400);
    expect(noConsultant.json().fieldErrors).toEqual({ consultantId: "Consultant ID is required" });
    const blankConsultant = await postTiming({ id: 0, consultantId: " ", monday: "09:00 - 17:00" });
    expect(blankConsultant.json().fieldErrors).toEqual({ consultantId: "Consultant ID is required" });
  });

  it("answers 404 for an unknown consultant or an unknown timing, or one of another consultant", async () => {
    const unknownConsultant = await postTiming({
      id: 0,
      consultantId: randomUUID(),
      monday: "09:00 - 17:00",
    });
    expect(unknownConsultant.statusCode).toBe(404);
    const consultant = await createConsultant();
    const unknownTiming = await postTiming({
      id: 999999,
      consultantId: consultant.guidId,
      monday: "09:00 - 17:00",
    });
    expect(unknownTiming.statusCode).toBe(404);
    expect(unknownTiming.json().message).toBe("Timing not found");
    const other = await createConsultant();
    const theirs = (await postTiming({ id: 0, consultantId: other.guidId, monday: "09:00 - 17:00" })).json();
    const hijack = await postTiming({ ...theirs, consultantId: consultant.guidId });
    expect(hijack.statusCode).toBe(404);
    // Found by the fuzz tests: an id past the integer columns' range was a 500 on PostgreSQL.
    const huge = await postTiming({
      id: 2147483648,
      consultantId: consultant.guidId,
      monday: "09:00 - 17:00",
    });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().fieldErrors).toHaveProperty("id");
  });

  it("GET lists timings that are not deleted, for one consultant or all", async () => {
    const consultant = await createConsultant();
    const kept = (
      await postTiming({ id: 0, consultantId: consultant.guidId, monday: "09:00 - 17:00" })
    ).json();
    const removed = (
      await postTiming({ id: 0, consultantId: consultant.guidId, tuesday: "09:00 - 17:00" })
    ).json();
    await postTiming({ ...removed, isDeleted: true });
    const mine = await t.app.inject({
      method: "GET",
      url: `/api/v2/Consultants/consultanttimings?consultantId=${consultant.guidId}`,
      headers,
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual({ data: [kept] });
    const all = await t.app.inject({ method: "GET", url: "/api/v2/Consultants/consultanttimings", headers });
    expect(all.json().data.map((timing: { id: number }) => timing.id)).toContain(kept.id);
    const paged = await t.app.inject({
      method: "GET",
      url: `/api/v2/Consultants/consultanttimings?consultantId=${consultant.guidId}&page=1&pageSize=5`,
      headers,
    });
    expect(paged.json()).toEqual({ data: [kept], total: 1 });
  });
});

describe("POST /api/v2/Consultants/consultantaddresses", () => {
  const address = (consultantId: string, overrides: object = {}) => ({
    id: 0,
    guidId: randomUUID(),
    consultantId,
    address: "221B Baker Street",
    city: "London",
    state: "Greater London",
    country: "UK",
    zipCode: "NW1 6XE",
    latitude: 51.5237,
    longitude: -0.1585,
    isActive: true,
    isDeleted: false,
    ...overrides,
  });

  it("adds from an array holding one address and answers the saved array", async () => {
    const consultant = await createConsultant();
    const sent = address(consultant.guidId, { createdBy: "not me" });
    const response = await postAddresses([sent]);
    expect(response.statusCode).toBe(200);
    const [saved] = response.json();
    expect(saved).toMatchObject({
      guidId: sent.guidId,
      consultantId: consultant.guidId,
      address: "221B Baker Street",
      city: "London",
      state: "Greater London",
      country: "UK",
      zipCode: "NW1 6XE",
      latitude: 51.5237,
      longitude: -0.1585,
      isActive: true,
      isDeleted: false,
      createdBy: userName,
    });
    expect((await detail(consultant.guidId)).addresses).toEqual([saved]);
  });

  it("edits and soft-deletes by resending the record", async () => {
    const consultant = await createConsultant();
    const [saved] = (
      await postAddresses([address(consultant.guidId, { latitude: null, longitude: "" })])
    ).json();
    expect(saved).toMatchObject({ latitude: null, longitude: null });
    const [edited] = (await postAddresses([{ ...saved, city: "Manchester", latitude: "53.48" }])).json();
    expect(edited).toMatchObject({ id: saved.id, guidId: saved.guidId, city: "Manchester", latitude: 53.48 });
    const deleted = await postAddresses([{ ...edited, isDeleted: true }]);
    expect(deleted.statusCode).toBe(200);
    expect((await detail(consultant.guidId)).addresses).toEqual([]);
    const probe = await t.app.inject({
      method: "GET",
      url: `/api/v2/Consultants/consultantaddresses?consultantId=${consultant.guidId}`,
      headers,
    });
    expect(probe.json()).toEqual({ data: [] });
  });

  it("answers 400 with the spec's messages for the five required fields and the coordinate ranges", async () => {
    const consultant = await createConsultant();
    const response = await postAddresses([
      {
        id: 0,
        consultantId: consultant.guidId,
        address: " ",
        latitude: 90.5,
        longitude: -181,
      },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({
      "0.address": addressMessages.addressRequired,
      "0.city": "City is required",
      "0.state": "State is required",
      "0.country": "Country is required",
      "0.zipCode": "ZIP Code is required",
      "0.latitude": "Latitude must be between -90 and 90",
      "0.longitude": "Longitude must be between -180 and 180",
    });
    const edges = await postAddresses([address(consultant.guidId, { latitude: -90, longitude: 180 })]);
    expect(edges.statusCode).toBe(200);
    const noConsultant = await postAddresses([address("")]);
    expect(noConsultant.json().fieldErrors).toEqual({ "0.consultantId": "Consultant ID is required" });
  });

  it("answers 404 for an unknown consultant or address, and saves nothing of a failed batch", async () => {
    expect((await postAddresses([address(randomUUID())])).statusCode).toBe(404);
    const consultant = await createConsultant();
    const batch = await postAddresses([
      address(consultant.guidId),
      address(consultant.guidId, { id: 424242 }),
    ]);
    expect(batch.statusCode).toBe(404);
    expect(batch.json().message).toBe(addressMessages.notFound);
    expect((await detail(consultant.guidId)).addresses).toEqual([]);
  });

  it("refuses a reused guidId with 409", async () => {
    const consultant = await createConsultant();
    const first = address(consultant.guidId);
    await postAddresses([first]);
    const again = await postAddresses([{ ...first, city: "Leeds" }]);
    expect(again.statusCode).toBe(409);
  });
});
