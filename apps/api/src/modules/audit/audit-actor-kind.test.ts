import type { AuditEntry } from "@visadesk/contract/audit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { approvedConsultant, CUSTOMER_API, quickCustomer } from "#test/customers";
import { createTestApp, type TestApp, testClock } from "#test/helpers";

/** The history says which kind of account acted: a customer through the customer API is an app user. */
// 08:00 in Karachi: consultants without timings work 09:00-19:00 there.
const clock = testClock(new Date("2026-12-01T03:00:00Z"));
let t: TestApp;
let admin: Record<string, string>;
let adminGuid: string;
beforeAll(async () => {
  t = await createTestApp({ clock });
  const signedIn = await t.signIn("Admin");
  admin = signedIn.headers;
  adminGuid = signedIn.user.guidId;
});
afterAll(() => t.close());

const history = async (query: Record<string, string>) => {
  const answer = await t.app.inject({ method: "GET", url: "/api/v2/audit", headers: admin, query });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().data as AuditEntry[];
};

describe("the actor's kind", () => {
  it("is app user for what a customer does themselves, in the feed and in a record's history; internal for staff", async () => {
    const consultantId = await approvedConsultant(t, admin);
    const customer = await quickCustomer(t);
    const guidId = customer.pair.customer.guidId;
    const booked = await t.app.inject({
      method: "POST",
      url: `${CUSTOMER_API}/appointments`,
      headers: customer.headers,
      payload: { consultantId, startsAt: "2026-12-03T05:00:00Z", description: "Student visa" },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const appointmentId = booked.json().guidId as string;
    const cancelled = await t.app.inject({
      method: "POST",
      url: `${CUSTOMER_API}/appointments/${appointmentId}/cancel`,
      headers: customer.headers,
      payload: {},
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const edited = await t.app.inject({
      method: "PATCH",
      url: `${CUSTOMER_API}/me`,
      headers: customer.headers,
      payload: { firstName: "Ayesha" },
    });
    expect(edited.statusCode, edited.body).toBe(200);

    const theirs = await history({ actorId: guidId });
    expect(theirs.map((entry) => [entry.entity, entry.action])).toEqual(
      expect.arrayContaining([
        ["appointment", "create"],
        ["appointment", "cancel"],
        ["user", "update"],
      ]),
    );
    for (const entry of theirs)
      expect(entry.actor).toEqual({ guidId, name: expect.any(String), kind: "app-user" });

    const record = await history({ entity: "appointment", entityId: appointmentId });
    expect(record.length).toBeGreaterThanOrEqual(2);
    for (const entry of record) expect(entry.actor?.kind).toBe("app-user");

    const staffs = await history({ actorId: adminGuid });
    expect(staffs.length).toBeGreaterThan(0);
    for (const entry of staffs) expect(entry.actor?.kind).toBe("internal");
  });
});
