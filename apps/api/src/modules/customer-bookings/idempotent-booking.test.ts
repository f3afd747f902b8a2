import { customerBookingMessages as messages } from "@visadesk/contract/customer-bookings";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { approvedConsultant, CUSTOMER_API, quickCustomer } from "../../../test/customers";
import { createTestApp, type TestApp, testClock } from "../../../test/helpers";

/**
 * A phone that lost the answer to its booking sends it again with the same Idempotency-Key: it gets the
 * first answer again and nothing is booked twice, on any replica (the keys are in the database).
 */
// 08:00 in Karachi (the business zone): consultants without timings work 09:00-19:00 there.
const clock = testClock(new Date("2026-12-01T03:00:00Z"));
let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = (await t.signIn("Admin")).headers;
});
afterAll(() => t.close());

/** 10:00 in Karachi on 3 December, and the next half hours. */
const slot = (n: number) => new Date(Date.parse("2026-12-03T05:00:00Z") + n * 30 * 60_000).toISOString();

const book = (headers: Record<string, string>, payload: object, key?: string) =>
  t.app.inject({
    method: "POST",
    url: `${CUSTOMER_API}/appointments`,
    headers: { ...headers, ...(key ? { "idempotency-key": key } : {}) },
    payload,
  });

const appointmentsOf = async (email: string) =>
  (
    await t.db.kysely
      .selectFrom("appointments")
      .innerJoin("users", "users.id", "appointments.userId")
      .select("appointments.guidId")
      .where("users.email", "=", email)
      .execute()
  ).map((row) => row.guidId);

describe("booking with an Idempotency-Key", () => {
  it("answers a retry with the same key and body with the first answer, and books once", async () => {
    const consultantId = await approvedConsultant(t, admin);
    const customer = await quickCustomer(t);
    const body = { consultantId, startsAt: slot(0), description: "Work visa" };
    const first = await book(customer.headers, body, "7d1f0c1e-retry-1");
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers["idempotent-replayed"]).toBeUndefined();
    // The same fields in another order are the same request.
    const retry = await book(
      customer.headers,
      { description: "Work visa", startsAt: slot(0), consultantId },
      "7d1f0c1e-retry-1",
    );
    expect(retry.statusCode, retry.body).toBe(201);
    expect(retry.json()).toEqual(first.json());
    expect(retry.headers["idempotent-replayed"]).toBe("true");
    expect(await appointmentsOf(customer.email)).toEqual([first.json().guidId]);
  });

  it("refuses the same key with another body with 422 and books nothing", async () => {
    const consultantId = await approvedConsultant(t, admin);
    const customer = await quickCustomer(t);
    const first = await book(
      customer.headers,
      { consultantId, startsAt: slot(2), description: "A" },
      "key-2",
    );
    expect(first.statusCode, first.body).toBe(201);
    const other = await book(
      customer.headers,
      { consultantId, startsAt: slot(3), description: "A" },
      "key-2",
    );
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({
      message: messages.idempotencyKeyReused,
      code: "idempotency_key_reused",
      fieldErrors: { "idempotency-key": messages.idempotencyKeyReused },
    });
    expect(await appointmentsOf(customer.email)).toEqual([first.json().guidId]);
  });

  it("keeps keys per account: another customer's equal key books for them", async () => {
    const consultantId = await approvedConsultant(t, admin);
    const one = await quickCustomer(t);
    const two = await quickCustomer(t);
    const body = (n: number) => ({ consultantId, startsAt: slot(n), description: "Mine" });
    expect((await book(one.headers, body(4), "shared-key")).statusCode).toBe(201);
    expect((await book(two.headers, body(5), "shared-key")).statusCode).toBe(201);
    expect(await appointmentsOf(two.email)).toHaveLength(1);
  });

  it("answers a retried refusal with the same refusal, and books again without a key", async () => {
    const consultantId = await approvedConsultant(t, admin);
    const one = await quickCustomer(t);
    const two = await quickCustomer(t);
    const body = { consultantId, startsAt: slot(6), description: "Taken" };
    expect((await book(one.headers, body)).statusCode).toBe(201);
    const refused = await book(two.headers, body, "taken-key");
    expect(refused.statusCode).toBe(409);
    const again = await book(two.headers, body, "taken-key");
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual(refused.json());
  });

  it("two requests with one key at once make one appointment", async () => {
    const consultantId = await approvedConsultant(t, admin);
    const customer = await quickCustomer(t);
    const body = { consultantId, startsAt: slot(8), description: "At once" };
    const answers = await Promise.all([0, 1, 2].map(() => book(customer.headers, body, "at-once")));
    const created = answers.filter((answer) => answer.statusCode === 201);
    expect(created.length).toBeGreaterThan(0);
    // The others got the first answer again, or were told the first is still running.
    for (const answer of answers) expect([201, 409]).toContain(answer.statusCode);
    expect(new Set(created.map((answer) => answer.json().guidId)).size).toBe(1);
    expect(await appointmentsOf(customer.email)).toHaveLength(1);
  });

  it("forgets a key after 24 hours", async () => {
    const consultantId = await approvedConsultant(t, admin);
    const customer = await quickCustomer(t);
    const first = await book(
      customer.headers,
      { consultantId, startsAt: slot(10), description: "Old" },
      "old-key",
    );
    expect(first.statusCode, first.body).toBe(201);
    const keys = () =>
      t.db.kysely.selectFrom("idempotencyKeys").select("key").where("key", "=", "old-key").execute();
    expect(await keys()).toHaveLength(1);
    clock.advance(24 * 3_600_000 + 1_000);
    try {
      // Any keyed request clears the old keys, whoever sends it.
      const later = await quickCustomer(t);
      const next = await book(
        later.headers,
        { consultantId, startsAt: slot(60), description: "New" },
        "new-key",
      );
      expect(next.statusCode, next.body).toBe(201);
      expect(await keys()).toHaveLength(0);
    } finally {
      clock.advance(-(24 * 3_600_000 + 1_000));
    }
  });

  it("declares the header in the customer API document", async () => {
    const document = (await t.app.inject({ method: "GET", url: "/api/customer/docs/json" })).json();
    const parameters = document.paths[`${CUSTOMER_API}/appointments`].post.parameters as Array<{
      name: string;
      in: string;
      required?: boolean;
    }>;
    expect(parameters).toContainEqual(
      expect.objectContaining({ name: "idempotency-key", in: "header", required: false }),
    );
  });
});
