import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testConfig } from "#api/config";
import { registerConsultant } from "#test/builders";
import { CUSTOMER_API, quickCustomer } from "#test/customers";
import { createTestApp, type TestApp, testClock } from "#test/helpers";

// 10:10 in Karachi (05:10 UTC) on Tuesday 1 December 2026; consultants without timings work 09:00-19:00
// in Karachi. A booking can no longer be moved or cancelled online within 2 hours of its start.
const NOW = "2026-12-01T05:10:00.000Z";
let t: TestApp;
let consultantId: string;
beforeAll(async () => {
  t = await createTestApp({
    clock: testClock(new Date(NOW)),
    config: {
      businessTimeZone: "Asia/Karachi",
      customer: { ...testConfig().customer, bookingHorizonDays: 3, cancelHours: 2 },
    },
  });
  const admin = (await t.signIn("Admin")).headers;
  consultantId = (await registerConsultant(t.app, admin, { IsApproved: "true" })).guidId;
});
afterAll(() => t.close());

type Slot = { time: string; startsAt: string; changeLocked: boolean };
type Answer = { timeZone: string; slotMinutes: number; changeLockedHours: number; days: { slots: Slot[] }[] };
async function freeTimes(query: string, headers: Record<string, string> = {}) {
  const answer = await t.app.inject({
    method: "GET",
    url: `${CUSTOMER_API}/consultants/${consultantId}/availability?${query}`,
    headers,
  });
  return answer;
}
const today = "from=2026-12-01&to=2026-12-01";

describe("free times without signing in", () => {
  it("are answered to a visitor in the business's zone, or the zone asked for, with nothing personal", async () => {
    const anonymous = await freeTimes(today);
    expect(anonymous.statusCode, anonymous.body).toBe(200);
    const free: Answer = anonymous.json();
    expect(free.timeZone).toBe("Asia/Karachi");
    expect(free.slotMinutes).toBe(30);
    expect(Object.keys(free).sort()).toEqual(
      ["changeLockedHours", "consultantTimeZone", "days", "defaultHours", "slotMinutes", "timeZone"].sort(),
    );
    // 10:30 in Karachi is the first time left today.
    expect(free.days[0]?.slots[0]).toMatchObject({ time: "10:30", startsAt: "2026-12-01T05:30:00.000Z" });

    const london: Answer = (await freeTimes(`${today}&timeZone=Europe/London`)).json();
    expect(london.timeZone).toBe("Europe/London");
    expect(london.days[0]?.slots[0]).toMatchObject({ time: "05:30", startsAt: "2026-12-01T05:30:00.000Z" });

    const wrong = await freeTimes(`${today}&timeZone=Mars/Olympus`);
    expect(wrong.statusCode).toBe(400);
    expect(Object.keys(wrong.json().fieldErrors)).toEqual(["timeZone"]);
  });

  it("are in a signed-in customer's own zone unless another is asked for; a stale token is answered anonymously", async () => {
    const customer = await quickCustomer(t);
    const changed = await t.app.inject({
      method: "PATCH",
      url: `${CUSTOMER_API}/me`,
      headers: customer.headers,
      payload: { timeZone: "America/New_York" },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await freeTimes(today, customer.headers)).json().timeZone).toBe("America/New_York");
    expect((await freeTimes(`${today}&timeZone=Europe/London`, customer.headers)).json().timeZone).toBe(
      "Europe/London",
    );
    const stale = await freeTimes(today, { authorization: "Bearer not-a-token" });
    expect(stale.statusCode).toBe(200);
    expect(stale.json().timeZone).toBe("Asia/Karachi");
  });
});

describe("the change window of free times", () => {
  it("marks the times starting within CUSTOMER_CANCEL_HOURS changeLocked, and only those", async () => {
    const free: Answer = (await freeTimes(today)).json();
    expect(free.changeLockedHours).toBe(2);
    const slots = free.days[0]?.slots ?? [];
    // Now is 10:10; until 12:10 a booking could not be changed online: 10:30 to 12:00 are locked.
    expect(slots.filter((slot) => slot.changeLocked).map((slot) => slot.time)).toEqual([
      "10:30",
      "11:00",
      "11:30",
      "12:00",
    ]);
    expect(slots.find((slot) => slot.time === "12:30")?.changeLocked).toBe(false);
    expect(slots.filter((slot) => !slot.changeLocked)).toHaveLength(slots.length - 4);
  });

  it("locks exactly what booking then locks: a locked time booked cannot be cancelled online", async () => {
    const customer = await quickCustomer(t);
    const slots: Slot[] = (await freeTimes(today, customer.headers)).json().days[0].slots;
    const [locked, open] = [slots.find((s) => s.changeLocked), slots.find((s) => !s.changeLocked)];
    for (const [slot, canChange] of [
      [locked, false],
      [open, true],
    ] as const) {
      const booked = await t.app.inject({
        method: "POST",
        url: `${CUSTOMER_API}/appointments`,
        headers: customer.headers,
        payload: { consultantId, startsAt: slot?.startsAt, description: "Study visa" },
      });
      expect(booked.statusCode, booked.body).toBe(201);
      expect(booked.json().canChange).toBe(canChange);
    }
  });
});
