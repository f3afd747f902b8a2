import { customerAuthMessages as messages } from "@visadesk/contract/customer-auth";
import { appUserMessages } from "@visadesk/contract/users-constants";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUDIT_IMMUTABLE_MESSAGE } from "#api/db/migrations/015-audit-log";
import { registerConsultant } from "../../../test/builders";
import { bearer, CUSTOMER_API, signedInCustomer, signIn } from "../../../test/customers";
import { createTestApp, type TestApp, testClock } from "../../../test/helpers";

// 08:00 in Karachi: consultants without timings work 09:00-19:00 there.
const clock = testClock(new Date("2026-12-01T03:00:00Z"));
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

describe("erasing my account", () => {
  it("removes my personal data, cancels what is to come (telling the consultant), keeps the past anonymised, and cannot be undone", async () => {
    const admin = (await t.signIn("Admin")).headers;
    const consultant = await registerConsultant(t.app, admin, {
      ContactEmail: "erasure-consultant@example.com",
    });
    await t.db.kysely
      .updateTable("consultants")
      .set({ isApproved: true })
      .where("guidId", "=", consultant.guidId)
      .execute();
    const customer = await signedInCustomer(t);
    const book = async (startsAt: string) => {
      const answer = await t.app.inject({
        method: "POST",
        url: `${CUSTOMER_API}/appointments`,
        headers: customer.headers,
        payload: { consultantId: consultant.guidId, startsAt, description: "My passport number is AB123" },
      });
      expect(answer.statusCode, answer.body).toBe(201);
      return answer.json().guidId as string;
    };
    const soon = await book("2026-12-02T05:00:00Z");
    const later = await book("2026-12-10T05:00:00Z");
    // The first one passes.
    clock.advance(2 * 86_400_000);
    const pair = await signIn(t, customer.email, customer.password);
    const headers = bearer(pair.accessToken);
    const guidId = pair.customer.guidId;

    const wrong = await t.app.inject({
      method: "DELETE",
      url: `${CUSTOMER_API}/me`,
      headers,
      payload: { password: "not-mine-at-all" },
    });
    expect(wrong.statusCode).toBe(400);
    expect((await t.app.inject({ method: "GET", url: `${CUSTOMER_API}/me`, headers })).statusCode).toBe(200);

    const mailsBefore = t.mails.length;
    const erased = await t.app.inject({
      method: "DELETE",
      url: `${CUSTOMER_API}/me`,
      headers,
      payload: { password: customer.password },
    });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(erased.json().message).toBe(messages.erased);

    const row = await t.db.kysely
      .selectFrom("users")
      .selectAll()
      .where("guidId", "=", guidId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      firstName: null,
      lastName: null,
      phoneNumber: null,
      cnic: null,
      address: null,
      dateOfBirth: null,
    });
    expect(row.email).not.toBe(customer.email);
    expect(row.erasedAt).not.toBeNull();
    const appointments = await t.db.kysely
      .selectFrom("appointments")
      .select(["guidId", "isCancelled", "userEmail", "description"])
      .where("userId", "=", row.id)
      .orderBy("startsAt")
      .execute();
    expect(appointments).toEqual([
      { guidId: soon, isCancelled: false, userEmail: row.email, description: messages.erasureReason },
      { guidId: later, isCancelled: true, userEmail: row.email, description: messages.erasureReason },
    ]);
    const mailed = t.mails.slice(mailsBefore);
    // The consultant, and the one mail to the customer's former address confirming the erasure.
    expect(mailed.map((mail) => mail.to).sort()).toEqual(
      [customer.email, "erasure-consultant@example.com"].sort(),
    );
    expect(mailed.find((mail) => mail.to === customer.email)?.subject).toBe(
      "Your VisaDesk account is erased",
    );
    // Nothing of what they told us stays in the history.
    const history = await t.db.kysely
      .selectFrom("auditLog")
      .select(["changes"])
      .where("entityId", "=", guidId)
      .execute();
    const text = JSON.stringify(history);
    for (const personal of [customer.email, "Ayesha", "Mall Road", "35202-"])
      expect(text).not.toContain(personal);

    // Emptying is the one change the history's rows take: nothing can be written into them.
    for (const forged of [
      sql`update audit_log set changes = '{"forged":true}' where entity_id = ${guidId}`,
      sql`update audit_log set actor_name = 'Someone else' where actor_guid_id = ${guidId}`,
      sql`update audit_log set subject = 'forged' where entity_id = ${guidId}`,
    ]) {
      await expect(forged.execute(t.db.kysely)).rejects.toThrow(AUDIT_IMMUTABLE_MESSAGE);
    }

    expect((await t.app.inject({ method: "GET", url: `${CUSTOMER_API}/me`, headers })).statusCode).toBe(401);
    const again = await t.app.inject({
      method: "POST",
      url: `${CUSTOMER_API}/auth/sign-in`,
      payload: { email: customer.email, password: customer.password, deviceName: "Phone" },
    });
    expect(again.statusCode).toBe(401);
    const restore = await t.app.inject({
      method: "POST",
      url: `/api/v2/User/users/${guidId}/restore`,
      headers: (await t.signIn("Admin")).headers,
    });
    expect(restore.statusCode).toBe(409);
    expect(restore.json().message).toBe(appUserMessages.erased);
  });
});
