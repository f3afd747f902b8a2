import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { approvedConsultant, CUSTOMER_API, quickCustomer } from "#test/customers";
import { createTestApp, type TestApp, testClock } from "#test/helpers";
import { icalProperty } from "#test/smtp-inbox";

/**
 * An appointment cancelled because its consultant or its customer was deleted: the other party's mail
 * carries the same calendar invitation as any other cancel (METHOD CANCEL, the appointment's UID, a SEQUENCE
 * above the booking's), so their calendar removes the event. 08:00 in Karachi on 1 December 2026.
 */
const clock = testClock(new Date("2026-12-01T03:00:00Z"));
const PUBLIC_URL = "https://visadesk.example.pk";
let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp({ clock, config: { publicUrl: PUBLIC_URL } });
  admin = (await t.signIn("Admin")).headers;
});
afterAll(() => t.close());

/** A customer's booking with a consultant who has their own address, and the booking mail's invitation. */
async function booking(consultantEmail: string, startsAt: string) {
  const consultantId = await approvedConsultant(t, admin);
  await t.db.kysely
    .updateTable("consultants")
    .set({ contactEmail: consultantEmail })
    .where("guidId", "=", consultantId)
    .execute();
  const customer = await quickCustomer(t);
  const booked = await t.app.inject({
    method: "POST",
    url: `${CUSTOMER_API}/appointments`,
    headers: customer.headers,
    payload: { consultantId, startsAt, description: "Student visa for the UK" },
  });
  expect(booked.statusCode, booked.body).toBe(201);
  const guidId = booked.json().guidId as string;
  const bookedMail = t.mails.find((mail) => mail.to === customer.email && mail.calendar);
  return {
    consultantId,
    customer,
    guidId,
    bookedSequence: Number(icalProperty(bookedMail?.calendar?.content ?? "", "SEQUENCE")),
  };
}

function expectCancelInvitation(to: string, guidId: string, after: number) {
  const mail = t.mails.filter((sent) => sent.to === to).at(-1);
  expect(mail?.calendar?.method).toBe("CANCEL");
  const calendar = mail?.calendar?.content ?? "";
  expect(icalProperty(calendar, "METHOD")).toBe("CANCEL");
  expect(icalProperty(calendar, "STATUS")).toBe("CANCELLED");
  expect(icalProperty(calendar, "UID")).toBe(`${guidId}@visadesk.example.pk`);
  expect(Number(icalProperty(calendar, "SEQUENCE"))).toBeGreaterThan(after);
  return calendar;
}

describe("an appointment cancelled by a delete", () => {
  it("mails its customer a CANCEL invitation when the consultant is deleted", async () => {
    const { consultantId, customer, guidId, bookedSequence } = await booking(
      "leaving.consultant@example.com",
      "2026-12-03T05:00:00Z",
    );
    const reason = "The consultant has left the firm";
    const deleted = await t.app.inject({
      method: "DELETE",
      url: `/api/v2/Consultants/${consultantId}?appointments=cancel&reason=${encodeURIComponent(reason)}`,
      headers: admin,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const calendar = expectCancelInvitation(customer.email, guidId, bookedSequence);
    expect(icalProperty(calendar, "DTSTART")).toBe("20261203T050000Z");
    // The deleted consultant organizes nothing any more, and is not mailed.
    expect(icalProperty(calendar, "ORGANIZER")).toBeUndefined();
    expect(
      t.mails.filter(
        (mail) => mail.to === "leaving.consultant@example.com" && mail.calendar?.method === "CANCEL",
      ),
    ).toEqual([]);
  });

  it("mails its consultant a CANCEL invitation when the customer is deleted", async () => {
    const consultantEmail = "staying.consultant@example.com";
    const { customer, guidId, bookedSequence } = await booking(consultantEmail, "2026-12-03T06:00:00Z");
    const account = await t.db.kysely
      .selectFrom("users")
      .select("guidId")
      .where("email", "=", customer.email)
      .executeTakeFirstOrThrow();
    const deleted = await t.app.inject({
      method: "DELETE",
      url: `/api/v2/User/users/${account.guidId}?appointments=cancel&reason=${encodeURIComponent("Duplicate account")}`,
      headers: admin,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expectCancelInvitation(consultantEmail, guidId, bookedSequence);
    expectCancelInvitation(customer.email, guidId, bookedSequence);
  });
});
