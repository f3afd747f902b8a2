import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertBulkyConsultants } from "#test/builders";
import { createTestApp, dialectName, type TestApp } from "#test/helpers";

/**
 * The export slots of one account across two instances of one database. On PostgreSQL (several instances
 * behind a balancer) they are one budget, held as advisory locks; the embedded SQLite file serves one
 * process, which counts its own. Exports are held open by not reading them (about 600 KB each).
 */
let t: TestApp;
let other: Awaited<ReturnType<TestApp["replica"]>>;
beforeAll(async () => {
  t = await createTestApp({ replicable: true });
  other = await t.replica();
  await insertBulkyConsultants(t.db);
});
afterAll(() => t.close());

const URL = "/api/v2/Consultants/consultants/export";
async function readAll(response: LightMyRequestResponse) {
  for await (const _ of response.stream()) {
    // read to the end: the slot is free once the answer is done
  }
}

describe("two running exports per account", () => {
  it(`are ${dialectName === "postgres" ? "one budget across instances" : "counted by each instance"}`, async () => {
    const { headers } = await t.signIn("Staff");
    const held = [
      await t.app.inject({ method: "GET", url: URL, headers, payloadAsStream: true }),
      await t.app.inject({ method: "GET", url: URL, headers, payloadAsStream: true }),
    ];
    expect(held.map((response) => response.statusCode)).toEqual([200, 200]);
    const elsewhere = await other.app.inject({ method: "GET", url: URL, headers, payloadAsStream: true });
    expect(elsewhere.statusCode).toBe(dialectName === "postgres" ? 429 : 200);
    await Promise.all([...held, elsewhere].map(readAll));
    // Once they are done, the slots are free again on every instance (a slot's lock is let go just after).
    await expect
      .poll(async () => {
        const after = await other.app.inject({ method: "GET", url: URL, headers, payloadAsStream: true });
        await readAll(after);
        return after.statusCode;
      })
      .toBe(200);
  });
});
