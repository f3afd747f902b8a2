import { customerBookingMessages as messages } from "@visadesk/contract/customer-bookings";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { registerConsultant } from "../../../test/builders";
import { approvedConsultant, CUSTOMER_API, quickCustomer, signedInCustomer } from "../../../test/customers";
import { createTestApp, type TestApp, testClock } from "../../../test/helpers";

// 08:00 in Karachi (the business zone): consultants without timings work 09:00-19:00 there.
const clock = testClock(new Date("2026-12-01T03:00:00Z"));
let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = (await t.signIn("Admin")).headers;
});
afterAll(() => t.close());

const approved = () => approvedConsultant(t, admin);

const book = (headers: Record<string, string>, payload: object) =>
  t.app.inject({ method: "POST", url: `${CUSTOMER_API}/appointments`, headers, payload });
const action = (headers: Record<string, string>, id: string, name: string, payload: object) =>
  t.app.inject({ method: "POST", url: `${CUSTOMER_API}/appointments/${id}/${name}`, headers, payload });

/** 10:00 in Karachi on 3 December. */
const TEN = "2026-12-03T05:00:00Z";

describe("booking", () => {
  it("books a free time as Pending, shown in the customer's zone; staff see it with the customer as its author", async () => {
    const consultantId = await approved();
    const customer = await quickCustomer(t);
    await t.db.kysely
      .updateTable("users")
      .set({ timeZone: "Europe/London" })
      .where("email", "=", customer.email)
      .execute();
    const answer = await book(customer.headers, {
      consultantId,
      startsAt: TEN,
      description: "Student visa for the UK",
    });
    expect(answer.statusCode, answer.body).toBe(201);
    const booking = answer.json();
    expect(booking).toMatchObject({
      status: "Pending",
      startsAt: "2026-12-03T05:00:00.000Z",
      timeZone: "Europe/London",
      date: "2026-12-03",
      time: "05:00",
      canChange: true,
      consultant: { guidId: consultantId, removed: false },
    });
    const staffView = await t.app.inject({
      method: "GET",
      url: `/api/v2/userAppointment/${booking.guidId}`,
      headers: admin,
    });
    expect(staffView.json()).toMatchObject({
      appointmentDate: "2026-12-03",
      appointmentTime: "10:00:00",
      status: "Pending",
    });
    const history = await t.db.kysely
      .selectFrom("auditLog")
      .select(["actorGuidId", "action"])
      .where("entityId", "=", booking.guidId)
      .execute();
    expect(history).toEqual([{ actorGuidId: customer.pair.customer.guidId, action: "create" }]);
  });

  it("refuses what the back-office refuses: a taken time (409) and a time outside the hours (422), with no book-anyway", async () => {
    const consultantId = await approved();
    const first = await quickCustomer(t);
    const second = await quickCustomer(t);
    expect(
      (await book(first.headers, { consultantId, startsAt: TEN, description: "First" })).statusCode,
    ).toBe(201);
    const taken = await book(second.headers, { consultantId, startsAt: TEN, description: "Second" });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe("This time slot is already booked for this consultant");
    // 20:00 in Karachi: after the default hours.
    const late = await book(second.headers, {
      consultantId,
      startsAt: "2026-12-03T15:00:00Z",
      description: "Late",
      allowOutsideHours: true,
    });
    expect(late.statusCode).toBe(422);
  });

  it("needs a verified email, a time on the grid, in the future and within the horizon, and an approved consultant", async () => {
    const consultantId = await approved();
    const unverified = await signedInCustomer(t, { verified: false });
    const refused = await book(unverified.headers, { consultantId, startsAt: TEN, description: "Visa" });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(messages.emailNotVerified);

    const customer = await quickCustomer(t);
    const cases: [string, string][] = [
      ["2026-12-03T05:07:00Z", messages.offGrid],
      ["2026-11-30T05:00:00Z", messages.inThePast],
      ["2027-03-01T05:00:00Z", messages.beyondHorizon(60)],
      ["not a time", messages.startsAtInvalid],
    ];
    for (const [startsAt, message] of cases) {
      const answer = await book(customer.headers, { consultantId, startsAt, description: "Visa" });
      expect(answer.statusCode, startsAt).toBe(400);
      expect(answer.json().fieldErrors?.startsAt, startsAt).toBe(message);
    }
    const hidden = await registerConsultant(t.app, admin);
    const unapproved = await book(customer.headers, {
      consultantId: hidden.guidId,
      startsAt: TEN,
      description: "Visa",
    });
    expect(unapproved.statusCode).toBe(404);
    const long = await book(customer.headers, { consultantId, startsAt: TEN, description: "x".repeat(501) });
    expect(long.statusCode).toBe(400);
  });

  it("allows at most MAX_UPCOMING_PER_CUSTOMER (3) upcoming appointments", async () => {
    const consultantId = await approved();
    const customer = await quickCustomer(t);
    for (const hour of ["05:00", "05:30", "06:00"]) {
      const answer = await book(customer.headers, {
        consultantId,
        startsAt: `2026-12-04T${hour}:00Z`,
        description: "Visa",
      });
      expect(answer.statusCode, answer.body).toBe(201);
    }
    const fourth = await book(customer.headers, {
      consultantId,
      startsAt: "2026-12-04T06:30:00Z",
      description: "Visa",
    });
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json().message).toBe(messages.tooManyUpcoming(3));
  });

  it("50 customers booking one time at once: exactly one 201, the others 409", async () => {
    const consultantId = await approved();
    const customers = await Promise.all(Array.from({ length: 50 }, () => quickCustomer(t)));
    const answers = await Promise.all(
      customers.map((customer) =>
        book(customer.headers, { consultantId, startsAt: "2026-12-05T05:00:00Z", description: "Race" }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(49);
  });
});

describe("my appointments", () => {
  it("lists upcoming and past ones, and another customer's is not found", async () => {
    const consultantId = await approved();
    const customer = await quickCustomer(t);
    const later = (
      await book(customer.headers, { consultantId, startsAt: "2026-12-06T06:00:00Z", description: "Later" })
    ).json();
    const sooner = (
      await book(customer.headers, { consultantId, startsAt: "2026-12-02T06:00:00Z", description: "Sooner" })
    ).json();
    const list = (when: string, headers = customer.headers) =>
      t.app.inject({ method: "GET", url: `${CUSTOMER_API}/appointments?when=${when}`, headers });
    const upcoming = (await list("upcoming")).json();
    expect(upcoming.data.map((booking: { guidId: string }) => booking.guidId)).toEqual([
      sooner.guidId,
      later.guidId,
    ]);
    expect(upcoming.total).toBe(2);
    expect((await list("past")).json()).toEqual({ data: [], total: 0 });

    const other = await quickCustomer(t);
    expect((await list("upcoming", other.headers)).json()).toEqual({ data: [], total: 0 });
    for (const request of [
      { method: "GET" as const, url: `${CUSTOMER_API}/appointments/${later.guidId}` },
      { method: "POST" as const, url: `${CUSTOMER_API}/appointments/${later.guidId}/cancel`, payload: {} },
      {
        method: "POST" as const,
        url: `${CUSTOMER_API}/appointments/${later.guidId}/reschedule`,
        payload: { startsAt: "2026-12-06T07:00:00Z" },
      },
    ]) {
      const answer = await t.app.inject({ ...request, headers: other.headers });
      expect(answer.statusCode, request.url).toBe(404);
    }
    expect(
      (
        await t.app.inject({
          method: "GET",
          url: `${CUSTOMER_API}/appointments/${later.guidId}`,
          headers: customer.headers,
        })
      ).json().description,
    ).toBe("Later");
  });

  it("cancels up to 24 hours before the start, mailing the consultant; later it is refused with the reason why", async () => {
    const consultantId = await approved();
    const customer = await quickCustomer(t);
    const far = (
      await book(customer.headers, { consultantId, startsAt: "2026-12-03T06:00:00Z", description: "Far" })
    ).json();
    const mailsBefore = t.mails.length;
    const cancelled = await action(customer.headers, far.guidId, "cancel", { reason: "Found another date" });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({
      status: "Cancelled",
      cancellationReason: "Found another date",
      canChange: false,
    });
    await vi.waitFor(() => expect(t.mails.length).toBeGreaterThan(mailsBefore));
    expect(t.mails.slice(mailsBefore).some((mail) => mail.text.includes("Found another date"))).toBe(true);
    const again = await action(customer.headers, far.guidId, "cancel", {});
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(messages.alreadyCancelled);

    // 15:00 in Karachi today, seven hours away: it can be booked, but no longer cancelled or moved.
    const near = (
      await book(customer.headers, { consultantId, startsAt: "2026-12-01T10:00:00Z", description: "Near" })
    ).json();
    expect(near.canChange).toBe(false);
    for (const [name, payload] of [
      ["cancel", {}],
      ["reschedule", { startsAt: "2026-12-03T07:00:00Z" }],
    ] as const) {
      const tooLate = await action(customer.headers, near.guidId, name, payload);
      expect(tooLate.statusCode, name).toBe(409);
      expect(tooLate.json().message).toBe(messages.tooLateToChange(24));
    }
  });

  it("moves an appointment to another free time with the booking's checks, in one step", async () => {
    const consultantId = await approved();
    const customer = await quickCustomer(t);
    const other = await quickCustomer(t);
    const mine = (
      await book(customer.headers, { consultantId, startsAt: "2026-12-08T05:00:00Z", description: "Move me" })
    ).json();
    await book(other.headers, { consultantId, startsAt: "2026-12-08T06:00:00Z", description: "Taken" });
    const onTaken = await action(customer.headers, mine.guidId, "reschedule", {
      startsAt: "2026-12-08T06:00:00Z",
    });
    expect(onTaken.statusCode).toBe(409);
    const outside = await action(customer.headers, mine.guidId, "reschedule", {
      startsAt: "2026-12-08T16:00:00Z",
    });
    expect(outside.statusCode).toBe(422);
    const moved = await action(customer.headers, mine.guidId, "reschedule", {
      startsAt: "2026-12-08T07:00:00Z",
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({
      startsAt: "2026-12-08T07:00:00.000Z",
      time: "12:00",
      status: "Pending",
    });
    // The customer is told where it went, in their zone.
    await vi.waitFor(() =>
      expect(
        t.mails.some((mail) => mail.to === customer.email && mail.subject === "Your appointment has moved"),
      ).toBe(true),
    );
    // The old time is free again.
    expect(
      (await book(other.headers, { consultantId, startsAt: "2026-12-08T05:00:00Z", description: "Freed" }))
        .statusCode,
    ).toBe(201);
  });
});
