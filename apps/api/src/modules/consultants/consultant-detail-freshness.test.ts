import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "#api/db/database";
import { registerConsultant, uniqueTag } from "#test/builders";
import { createTestApp, dialectName, dropChangeListeners, multipart, type TestApp } from "#test/helpers";

// GET Consultants/{id} reuses a detail while the database says it is current (migration 002, Db.changeMark):
// a write through another API process on its own connection shows as soon as the database tells this one
// (at once on SQLite, with the change notice of migration 021 on PostgreSQL).
let t: TestApp;
let replica: FastifyInstance;
let replicaDb: Db;
let headers: Awaited<ReturnType<TestApp["signIn"]>>["headers"];
beforeAll(async () => {
  t = await createTestApp({ replicable: true });
  headers = (await t.signIn("Admin")).headers;
  // A second API process on the same database: its own memory and connection, the same sessions and records.
  ({ app: replica, db: replicaDb } = await t.replica());
});
afterAll(() => t.close());

const createConsultant = (app: FastifyInstance = t.app) =>
  registerConsultant(app, headers, { Name: `Fresh ${uniqueTag()}` });

const detail = async (key: string | number, app: FastifyInstance = t.app) => {
  const response = await app.inject({ method: "GET", url: `/api/v2/Consultants/${key}`, headers });
  return { status: response.statusCode, body: response.json() };
};

const saveTiming = (app: FastifyInstance, payload: object) =>
  app.inject({ method: "POST", url: "/api/v2/Consultants/consultanttimings", headers, payload });
const saveAddress = (app: FastifyInstance, payload: object) =>
  app.inject({ method: "POST", url: "/api/v2/Consultants/consultantaddresses", headers, payload: [payload] });

describe("GET /api/v2/Consultants/{id} after writes", () => {
  it("shows an edit of the consultant made through another API process", async () => {
    const consultant = await createConsultant();
    await expect.poll(async () => (await detail(consultant.guidId)).body.name).toMatch(/^Fresh /);
    // Served again from what was kept: still JSON, still only the answer schema's fields.
    const again = await t.app.inject({
      method: "GET",
      url: `/api/v2/Consultants/${consultant.guidId}`,
      headers,
    });
    expect(again.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(again.json()).toMatchObject({ guidId: consultant.guidId, timings: [], addresses: [] });
    expect(again.json()).not.toHaveProperty("revision");
    expect(again.json()).not.toHaveProperty("deletedAt");
    const edit = multipart({
      GuidId: consultant.guidId,
      Name: "Renamed Consultant",
      BusinessName: "Fresh Visas",
      ContactEmail: "fresh@example.com",
      PhoneNumber: "555 0100",
    });
    const updated = await replica.inject({
      method: "PUT",
      url: "/api/v2/Consultants/update",
      payload: edit.payload,
      headers: { ...headers, ...edit.headers },
    });
    expect(updated.statusCode).toBe(200);
    await expect.poll(async () => (await detail(consultant.guidId)).body.name).toBe("Renamed Consultant");
    await expect.poll(async () => (await detail(consultant.id)).body.name).toBe("Renamed Consultant");
  });

  it("shows timings added, edited and deleted through another API process", async () => {
    const consultant = await createConsultant();
    await expect.poll(async () => (await detail(consultant.guidId)).body.timings).toEqual([]);
    const timing = { id: 0, guidId: "", consultantId: consultant.guidId, monday: "09:00 - 17:00" };
    const added = await saveTiming(replica, { ...timing, isActive: true, isDeleted: false });
    expect(added.statusCode).toBe(200);
    const saved = added.json() as { id: number; guidId: string };
    await expect
      .poll(async () => (await detail(consultant.guidId)).body.timings)
      .toMatchObject([{ monday: "09:00 - 17:00" }]);

    const edited = { ...timing, id: saved.id, guidId: saved.guidId, monday: "10:00 - 14:00" };
    expect((await saveTiming(replica, { ...edited, isActive: true, isDeleted: false })).statusCode).toBe(200);
    await expect
      .poll(async () => (await detail(consultant.guidId)).body.timings)
      .toMatchObject([{ monday: "10:00 - 14:00" }]);

    expect((await saveTiming(replica, { ...edited, isActive: true, isDeleted: true })).statusCode).toBe(200);
    await expect.poll(async () => (await detail(consultant.guidId)).body.timings).toEqual([]);
  });

  it("shows addresses added, edited and deleted through another API process", async () => {
    const consultant = await createConsultant();
    await expect.poll(async () => (await detail(consultant.guidId)).body.addresses).toEqual([]);
    const address = {
      id: 0,
      guidId: "",
      consultantId: consultant.guidId,
      address: "1 Mall Road",
      city: "Lahore",
      state: "Punjab",
      country: "Pakistan",
      zipCode: "54000",
      isActive: true,
      isDeleted: false,
    };
    const added = await saveAddress(replica, address);
    expect(added.statusCode).toBe(200);
    const [saved] = added.json() as [{ id: number; guidId: string }];
    await expect
      .poll(async () => (await detail(consultant.guidId)).body.addresses)
      .toMatchObject([{ city: "Lahore" }]);

    const edited = { ...address, id: saved.id, guidId: saved.guidId, city: "Karachi" };
    expect((await saveAddress(replica, edited)).statusCode).toBe(200);
    await expect
      .poll(async () => (await detail(consultant.guidId)).body.addresses)
      .toMatchObject([{ city: "Karachi" }]);

    expect((await saveAddress(replica, { ...edited, isDeleted: true })).statusCode).toBe(200);
    await expect.poll(async () => (await detail(consultant.guidId)).body.addresses).toEqual([]);
  });

  it("answers 404 for a consultant deleted through another API process", async () => {
    const consultant = await createConsultant();
    await expect.poll(async () => (await detail(consultant.guidId)).status).toBe(200);
    const deleted = await replica.inject({
      method: "DELETE",
      url: `/api/v2/Consultants/${consultant.guidId}`,
      headers,
    });
    expect(deleted.statusCode).toBe(200);
    await expect.poll(async () => (await detail(consultant.guidId)).status).toBe(404);
  });
});

// Notices sent while the PostgreSQL listener is away are lost: until it is back every read goes to the
// database, and nothing kept before the loss is trusted after it.
if (dialectName === "postgres") {
  describe("GET /api/v2/Consultants/{id} while the change listener is away", () => {
    const rename = (guidId: string, name: string) =>
      replicaDb.kysely.updateTable("consultants").set({ name }).where("guidId", "=", guidId).execute();

    it("reads from the database until the listener is back, and serves nothing stale after", async () => {
      const consultant = await createConsultant();
      await expect.poll(() => t.db.changeMark()).toEqual(expect.any(Number));
      expect((await detail(consultant.guidId)).body.name).toMatch(/^Fresh /);

      // Lost while away: a change whose notice nobody hears. Nothing is read in between, so only the
      // listener's new mark on its return can make the kept detail go.
      await dropChangeListeners(t);
      await expect.poll(() => t.db.changeMark()).toBeUndefined();
      await rename(consultant.guidId, "Renamed While Away");
      await expect.poll(() => t.db.changeMark(), { timeout: 10_000 }).toEqual(expect.any(Number));
      expect((await detail(consultant.guidId)).body.name).toBe("Renamed While Away");

      // While away, each read asks the database: a change elsewhere shows on the very next read.
      await dropChangeListeners(t);
      await expect.poll(() => t.db.changeMark()).toBeUndefined();
      await rename(consultant.guidId, "Renamed Again");
      expect((await detail(consultant.guidId)).body.name).toBe("Renamed Again");
      await expect.poll(() => t.db.changeMark(), { timeout: 10_000 }).toEqual(expect.any(Number));
      await rename(consultant.guidId, "Renamed Once Back");
      await expect.poll(async () => (await detail(consultant.guidId)).body.name).toBe("Renamed Once Back");
    });
  });
}
