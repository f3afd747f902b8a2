import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { approvedConsultant, CUSTOMER_API, quickCustomer, type SignedInCustomer } from "#test/customers";
import { createTestApp, type TestApp, testClock } from "#test/helpers";
import { testConfig } from "../../config";

// 08:00 in Karachi on 1 December 2026; the consultant (no timings) works 09:00-19:00 there.
const clock = testClock(new Date("2026-12-01T03:00:00Z"));
/** Times on 3 December in Karachi, open to change online. */
const at = (hourUtc: number) => `2026-12-03T${String(hourUtc).padStart(2, "0")}:00:00.000Z`;
const BUDGET = 3;

let t: TestApp;
let consultantId: string;
beforeAll(async () => {
  t = await createTestApp({
    clock,
    config: { customer: { ...testConfig().customer, bookingWritesPerHour: BUDGET } },
  });
  consultantId = await approvedConsultant(t, (await t.signIn("Admin")).headers);
});
afterAll(() => t.close());

const book = (customer: SignedInCustomer, startsAt: string) =>
  t.app.inject({
    method: "POST",
    url: `${CUSTOMER_API}/appointments`,
    headers: customer.headers,
    payload: { consultantId, startsAt, description: "Work visa" },
  });
const write = (customer: SignedInCustomer, id: string, action: "reschedule" | "cancel", payload: object) =>
  t.app.inject({
    method: "POST",
    url: `${CUSTOMER_API}/appointments/${id}/${action}`,
    headers: customer.headers,
    payload,
  });

describe("the booking writes' budget (CUSTOMER_BOOKING_WRITES_PER_HOUR)", () => {
  it("books, moves and cancels from one budget per account an hour, then answers 429 saying when", async () => {
    const customer = await quickCustomer(t);
    const booked = await book(customer, at(5));
    expect(booked.statusCode, booked.body).toBe(201);
    expect(booked.headers["x-ratelimit-limit"]).toBe(String(BUDGET));
    expect(booked.headers["x-ratelimit-remaining"]).toBe("2");
    const id = booked.json().guidId as string;
    const moved = await write(customer, id, "reschedule", { startsAt: at(6) });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.headers["x-ratelimit-remaining"]).toBe("1");
    const cancelled = await write(customer, id, "cancel", {});
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.headers["x-ratelimit-remaining"]).toBe("0");

    const refused = await book(customer, at(7));
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: "rate_limited", error: "Too Many Requests" });
    expect(refused.headers["x-ratelimit-limit"]).toBe(String(BUDGET));
    expect(refused.headers["x-ratelimit-remaining"]).toBe("0");
    expect(Number(refused.headers["x-ratelimit-reset"])).toBeGreaterThan(0);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(Number(refused.headers["retry-after"])).toBeLessThanOrEqual(3600);
    // The refused request booked nothing: the list holds the one cancelled appointment.
    const list = await t.app.inject({
      method: "GET",
      url: `${CUSTOMER_API}/appointments`,
      headers: customer.headers,
    });
    expect(list.json().data.map((row: { guidId: string }) => row.guidId)).toEqual([id]);
  });

  it("is each account's own: another customer still books", async () => {
    const spender = await quickCustomer(t);
    for (const hour of [8, 9, 10]) expect((await book(spender, at(hour))).statusCode).toBe(201);
    expect((await book(spender, at(11))).statusCode).toBe(429);

    const other = await quickCustomer(t);
    const booked = await book(other, at(11));
    expect(booked.statusCode, booked.body).toBe(201);
    expect(booked.headers["x-ratelimit-remaining"]).toBe(String(BUDGET - 1));
  });
});
