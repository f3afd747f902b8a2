import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { defangLinks } from "#api/lib/quoted-words";
import { approvedConsultant, CUSTOMER_API, quickCustomer } from "../../../test/customers";
import { createTestApp, type TestApp, testClock } from "../../../test/helpers";

/**
 * What a customer writes reaches the consultant as the customer's words, quoted, never as a link the
 * product made: "Click http://evil.example/login to restore your booking" must not be a link in the mail.
 */
// 08:00 in Karachi: the booking below is more than a day away, so the customer may cancel it.
const clock = testClock(new Date("2026-12-01T03:00:00Z"));
let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = (await t.signIn("Admin")).headers;
});
afterAll(() => t.close());

/** What of the reason a mail client would turn into a link: a scheme, a www. name, a host name with a dot. */
const LINKABLE = /[a-z][a-z0-9+.-]*:\/\/|\bwww\.|\bevil\.example\b|mailto:/i;

describe("a customer's cancellation reason in the consultant's mail", () => {
  it("is quoted under a label naming the customer, with no address a mail client would link, and not in the subject", async () => {
    const consultantId = await approvedConsultant(t, admin);
    const { contactEmail } = await t.db.kysely
      .selectFrom("consultants")
      .select("contactEmail")
      .where("guidId", "=", consultantId)
      .executeTakeFirstOrThrow();
    const customer = await quickCustomer(t);
    const booked = await t.app.inject({
      method: "POST",
      url: `${CUSTOMER_API}/appointments`,
      headers: customer.headers,
      payload: { consultantId, startsAt: "2026-12-03T06:00:00Z", description: "Work visa" },
    });
    expect(booked.statusCode, booked.body).toBe(201);

    const reason =
      "Click http://evil.example/login to restore your booking. Or www.evil.example, ops@evil.example";
    const before = t.mails.length;
    const cancelled = await t.app.inject({
      method: "POST",
      url: `${CUSTOMER_API}/appointments/${booked.json().guidId}/cancel`,
      headers: customer.headers,
      payload: { reason },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    // The appointment keeps the reason as written; only the mail defangs it.
    expect(cancelled.json().cancellationReason).toBe(reason);

    await vi.waitFor(() => expect(t.mails.slice(before).some((mail) => mail.to === contactEmail)).toBe(true));
    const mail = t.mails.slice(before).find((sent) => sent.to === contactEmail);
    expect(mail?.subject).toBe("Appointment on Thursday, 3 December 2026 cancelled");
    expect(mail?.text).not.toMatch(LINKABLE);
    const lines = mail?.text.split("\n") ?? [];
    const label = lines.findIndex((line) =>
      line.startsWith("Reason given by the customer, quoted as they wrote it"),
    );
    expect(label).toBeGreaterThan(0);
    expect(lines[label + 1]).toBe(
      "> Click http[:]//evil[.]example/login to restore your booking. Or www[.]evil[.]example, ops@evil[.]example",
    );
  });

  it("a reason staff give stays as they wrote it (staff text is the product's own)", async () => {
    const consultantId = await approvedConsultant(t, admin);
    const customer = await quickCustomer(t);
    const booked = await t.app.inject({
      method: "POST",
      url: `${CUSTOMER_API}/appointments`,
      headers: customer.headers,
      payload: { consultantId, startsAt: "2026-12-03T07:00:00Z", description: "Study visa" },
    });
    const staffView = await t.app.inject({
      method: "GET",
      url: `/api/v2/userAppointment/${booked.json().guidId}`,
      headers: admin,
    });
    const before = t.mails.length;
    const cancelled = await t.app.inject({
      method: "PUT",
      url: "/api/v2/userAppointment/update-appointment",
      headers: admin,
      payload: {
        ...(staffView.json() as Record<string, unknown>),
        isCancelled: true,
        cancellationReason: "See help.example.com",
      },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await vi.waitFor(() => expect(t.mails.length).toBeGreaterThan(before));
    expect(t.mails.slice(before).some((mail) => mail.text.includes("Reason: See help.example.com"))).toBe(
      true,
    );
  });
});

describe("defangLinks", () => {
  it("breaks schemes, host names and IPv4 addresses, and leaves ordinary text and numbers alone", () => {
    expect(defangLinks("https://a.example/x?y=1 and javascript:alert(1)")).toBe(
      "https[:]//a[.]example/x?y=1 and javascript[:]alert(1)",
    );
    expect(defangLinks("mailto:me@site.org, 10.0.0.1/login")).toBe(
      "mailto[:]me@site[.]org, 10[.]0[.]0[.]1/login",
    );
    expect(defangLinks("Fee was 3.5 lakh, e.g. tomorrow. Thanks!")).toBe(
      "Fee was 3.5 lakh, e.g. tomorrow. Thanks!",
    );
  });
});
