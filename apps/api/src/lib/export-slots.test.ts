import { exportBusyMessage } from "@visadesk/contract/lists-constants";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertBulkyConsultants } from "#test/builders";
import { createTestApp, type SignedIn, type TestApp } from "#test/helpers";
import { EXPORT_RETRY_SECONDS } from "./export-slots";

/**
 * One account runs at most two exports at once. An export is held open by a client that does not read it:
 * about 600 KB of consultants fill every buffer on the way, so the export waits, as a slow one would.
 */
let t: TestApp;
let staff: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  staff = await t.signIn("Staff");
  await insertBulkyConsultants(t.db);
});
afterAll(() => t.close());

const exportAs = (as: SignedIn, list = "/api/v2/Consultants/consultants/export") =>
  t.app.inject({ method: "GET", url: list, headers: as.headers, payloadAsStream: true });
/** Reads a held export to its end: its slot is free once the answer is done. */
async function readAll(response: LightMyRequestResponse) {
  let bytes = 0;
  for await (const chunk of response.stream()) bytes += (chunk as Buffer).length;
  return bytes;
}
const tick = () => new Promise((resolve) => setTimeout(resolve, 20));

describe("concurrent exports", () => {
  it("runs two per account at once; the third answers 429 with Retry-After until one ends", async () => {
    const first = await exportAs(staff);
    const second = await exportAs(staff);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);

    // Every export shares the account's slots.
    const third = await t.app.inject({
      method: "GET",
      url: "/api/v2/userAppointment/appointments/export",
      headers: staff.headers,
    });
    expect(third.statusCode).toBe(429);
    expect(third.headers["retry-after"]).toBe(String(EXPORT_RETRY_SECONDS));
    expect(third.json()).toEqual({ message: exportBusyMessage, code: "export_busy" });

    // Another account is not held up by this one.
    const colleague = await t.signIn("Staff");
    const theirs = await exportAs(colleague);
    expect(theirs.statusCode).toBe(200);
    expect(await readAll(theirs)).toBeGreaterThan(600_000);

    expect(await readAll(first)).toBeGreaterThan(600_000);
    await tick();
    const next = await exportAs(staff);
    expect(next.statusCode).toBe(200);
    await Promise.all([readAll(second), readAll(next)]);
  });
});
