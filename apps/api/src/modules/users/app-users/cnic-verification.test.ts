import { customerBookingMessages } from "@visadesk/contract/customer-bookings";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { testConfig } from "#api/config";
import { registerConsultant } from "#test/builders";
import { CUSTOMER_API, quickCustomer, type SignedInCustomer } from "#test/customers";
import { PNG_1PX } from "#test/fixtures";
import { createTestApp, multipart, type TestApp } from "#test/helpers";
import { cnicVerificationMessages } from "./cnic-verification";

let t: TestApp;
let staff: Record<string, string>;
beforeAll(async () => {
  // The marketplace asks for a verified CNIC before a booking.
  t = await createTestApp({
    config: { customer: { ...testConfig().customer, requireCnicForBooking: true } },
  });
  staff = (await t.signIn("Staff")).headers;
});
afterAll(() => t.close());

async function sendCnic(customer: SignedInCustomer) {
  const image = { fileName: "card.png", contentType: "image/png", content: PNG_1PX };
  const cnic = `35202-${String(Math.floor(1_000_000 + Math.random() * 8_999_999))}-7`;
  const body = multipart({ cnic }, { cnicFront: image, cnicBack: image });
  const answer = await t.app.inject({
    method: "PUT",
    url: `${CUSTOMER_API}/me/cnic`,
    payload: body.payload,
    headers: { ...customer.headers, ...body.headers },
  });
  expect(answer.statusCode, answer.body).toBe(200);
}

const queue = async () =>
  (
    await t.app.inject({
      method: "GET",
      url: "/api/v2/User/users?role=AppUser&verification=pending&page=1&pageSize=50",
      headers: staff,
    })
  ).json() as { data: { guidId: string; cnicVerification: string }[]; total: number };

const decide = (guidId: string, payload: object) =>
  t.app.inject({
    method: "POST",
    url: `/api/v2/User/users/${guidId}/cnic-verification`,
    headers: staff,
    payload,
  });

describe("the CNIC verification queue", () => {
  it("lists the customers waiting; staff verify one (mailed, audited), and the customer may then book", async () => {
    const consultant = await registerConsultant(t.app, (await t.signIn("Admin")).headers);
    await t.db.kysely
      .updateTable("consultants")
      .set({ isApproved: true })
      .where("guidId", "=", consultant.guidId)
      .execute();
    const customer = await quickCustomer(t);
    const guidId = customer.pair.customer.guidId;
    const startsAt = new Date(
      Math.ceil((Date.now() + 3 * 86_400_000) / 86_400_000) * 86_400_000 + 5 * 3_600_000,
    ).toISOString();
    const book = () =>
      t.app.inject({
        method: "POST",
        url: `${CUSTOMER_API}/appointments`,
        headers: customer.headers,
        payload: { consultantId: consultant.guidId, startsAt, description: "Visa" },
      });
    const refused = await book();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(customerBookingMessages.cnicNotVerified);

    const other = await quickCustomer(t);
    await sendCnic(customer);
    expect((await queue()).data.map((user) => user.guidId)).toContain(guidId);
    expect((await queue()).data.map((user) => user.guidId)).not.toContain(other.pair.customer.guidId);

    const verified = await decide(guidId, { decision: "verified" });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json().cnicVerification).toBe("verified");
    expect((await queue()).data.map((user) => user.guidId)).not.toContain(guidId);
    await vi.waitFor(() =>
      expect(
        t.mails.some((mail) => mail.to === customer.email && mail.subject === "Your CNIC is verified"),
      ).toBe(true),
    );
    const history = await t.db.kysely
      .selectFrom("auditLog")
      .select(["action", "changes"])
      .where("entityId", "=", guidId)
      .where("action", "=", "approve")
      .executeTakeFirstOrThrow();
    expect(JSON.parse(history.changes)).toEqual({ cnicVerification: { from: "pending", to: "verified" } });
    // A decision is taken once.
    const again = await decide(guidId, { decision: "rejected", reason: "Blurred" });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(cnicVerificationMessages.notPending);

    const me = await t.app.inject({ method: "GET", url: `${CUSTOMER_API}/me`, headers: customer.headers });
    expect(me.json().cnicVerification).toBe("verified");
    // The customer's session reads the verification afresh.
    expect((await book()).statusCode).toBe(201);
  });

  it("a rejection needs a reason, which the customer is mailed", async () => {
    const customer = await quickCustomer(t);
    const guidId = customer.pair.customer.guidId;
    await sendCnic(customer);
    const bare = await decide(guidId, { decision: "rejected" });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().fieldErrors.reason).toBe("Give a reason: it is sent to the customer");
    const rejected = await decide(guidId, { decision: "rejected", reason: "The back side is unreadable" });
    expect(rejected.json().cnicVerification).toBe("rejected");
    await vi.waitFor(() =>
      expect(
        t.mails.some(
          (mail) => mail.to === customer.email && mail.text.includes("The back side is unreadable"),
        ),
      ).toBe(true),
    );
    // The customer's own account shows staff's reason while the CNIC stands rejected.
    const me = () => t.app.inject({ method: "GET", url: `${CUSTOMER_API}/me`, headers: customer.headers });
    expect((await me()).json()).toMatchObject({
      cnicVerification: "rejected",
      cnicRejectionReason: "The back side is unreadable",
    });
    // Sending it again puts it back in the queue; the old reason no longer shows.
    await sendCnic(customer);
    expect((await queue()).data.map((user) => user.guidId)).toContain(guidId);
    expect((await me()).json()).toMatchObject({ cnicVerification: "pending", cnicRejectionReason: null });
  });
});
