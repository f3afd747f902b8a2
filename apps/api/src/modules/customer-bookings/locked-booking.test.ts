import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { approvedConsultant, CUSTOMER_API, quickCustomer } from "#test/customers";
import { createTestApp, type TestApp, testClock } from "#test/helpers";

// 08:00 in Karachi (the business zone) on 1 December 2026; consultants without timings work 09:00-19:00
// there. CUSTOMER_CANCEL_HOURS is 24: from 24 hours before its start, a booking is changed by the office only.
const clock = testClock(new Date("2026-12-01T03:00:00Z"));
let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = (await t.signIn("Admin")).headers;
});
afterAll(() => t.close());

/** 10:00 in Karachi today (locked at once) and on 3 December (open to change online). */
const TODAY = "2026-12-01T05:00:00.000Z";
const LATER = "2026-12-03T05:00:00.000Z";

describe("a locked booking", () => {
  it("names the consultant office's phone while it is locked, and only then", async () => {
    const withOffice = await approvedConsultant(t, admin, { OfficeNumber: "+92 42 35761234" });
    const phoneOnly = await approvedConsultant(t, admin);
    const customer = await quickCustomer(t);
    const officeOf = async (consultantId: string, startsAt: string) => {
      const booked = await t.app.inject({
        method: "POST",
        url: `${CUSTOMER_API}/appointments`,
        headers: customer.headers,
        payload: { consultantId, startsAt, description: "Work visa" },
      });
      expect(booked.statusCode, booked.body).toBe(201);
      return {
        canChange: booked.json().canChange,
        phone: booked.json().consultant.officePhone,
        id: booked.json().guidId,
      };
    };
    const locked = await officeOf(withOffice, TODAY);
    expect(locked).toMatchObject({ canChange: false, phone: "+92 42 35761234" });
    // Without an office number, the consultant's own phone.
    expect(await officeOf(phoneOnly, TODAY)).toMatchObject({ canChange: false, phone: "+92 300 1234567" });
    // Open to change online: no phone given.
    expect(await officeOf(withOffice, LATER)).toMatchObject({ canChange: true, phone: null });

    // The list says the same.
    const list = async () =>
      (
        await t.app.inject({ method: "GET", url: `${CUSTOMER_API}/appointments`, headers: customer.headers })
      ).json().data as { guidId: string; consultant: { officePhone: string | null } }[];
    expect((await list()).find((row) => row.guidId === locked.id)?.consultant.officePhone).toBe(
      "+92 42 35761234",
    );
  });
});
