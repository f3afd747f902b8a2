import { customerBookingMessages as messages } from "@visadesk/contract/customer-bookings";
import { liveMessages } from "@visadesk/contract/live-endpoints";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { approvedConsultant, CUSTOMER_API, quickCustomer } from "../../../test/customers";
import { createTestApp, type TestApp, testClock } from "../../../test/helpers";

/**
 * What staff see of a customer's own booking: the appointment marked, a notification until someone confirms
 * it, and the open back-office screens told within seconds through the live stream.
 */
// 08:00 in Karachi (the business zone): consultants without timings work 09:00-19:00 there.
const clock = testClock(new Date("2026-12-01T03:00:00Z"));
let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp({ clock, config: { liveStreamMs: 20_000 } });
  admin = (await t.signIn("Admin")).headers;
});
afterAll(() => t.close());

const approved = () => approvedConsultant(t, admin);

const book = (headers: Record<string, string>, consultantId: string, startsAt: string) =>
  t.app.inject({
    method: "POST",
    url: `${CUSTOMER_API}/appointments`,
    headers,
    payload: { consultantId, startsAt, description: "Work visa" },
  });

/** 10:00 in Karachi on 3 December, and the next half hours. */
const slot = (n: number) => new Date(Date.parse("2026-12-03T05:00:00Z") + n * 30 * 60_000).toISOString();

describe("a customer's own booking in the back-office", () => {
  it("is marked Booked by the customer and tells staff “New booking from …” until it is confirmed", async () => {
    const consultantId = await approved();
    const customer = await quickCustomer(t);
    const booked = await book(customer.headers, consultantId, slot(0));
    expect(booked.statusCode, booked.body).toBe(201);
    const { guidId } = booked.json();
    const staffView = await t.app.inject({
      method: "GET",
      url: `/api/v2/userAppointment/${guidId}`,
      headers: admin,
    });
    expect(staffView.json()).toMatchObject({ isBookedByCustomer: true, status: "Pending" });
    const me = await t.db.kysely
      .selectFrom("users")
      .select(["firstName", "lastName"])
      .where("email", "=", customer.email)
      .executeTakeFirstOrThrow();

    const bell = async () =>
      (await t.app.inject({ method: "GET", url: "/api/v2/notifications", headers: admin }))
        .json()
        .data.filter((item: { kind: string }) => item.kind === "customer-booking");
    expect(await bell()).toEqual([
      expect.objectContaining({
        id: `customer-booking.${guidId}`,
        title: `New booking from ${me.firstName} ${me.lastName}`,
        link: expect.objectContaining({
          records: expect.arrayContaining([{ entity: "appointment", entityId: guidId }]),
        }),
      }),
    ]);

    // Staff booking for a customer is not marked and tells nobody.
    const byStaff = await t.app.inject({
      method: "POST",
      url: "/api/v2/userAppointment",
      headers: admin,
      payload: {
        consultantId,
        userid: customer.pair.customer.guidId,
        appointmentDate: "2026-12-03",
        appointmentTime: "12:00",
        description: "Typed in by staff",
      },
    });
    expect(byStaff.statusCode, byStaff.body).toBe(201);
    expect(byStaff.json()).toMatchObject({ isBookedByCustomer: false });
    expect(await bell()).toHaveLength(1);

    const current = staffView.json() as Record<string, unknown>;
    const confirmed = await t.app.inject({
      method: "PUT",
      url: "/api/v2/userAppointment/update-appointment",
      headers: admin,
      payload: { ...current, isConfirmed: true },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ isBookedByCustomer: true, status: "Confirmed" });
    expect(await bell()).toEqual([]);
  });

  it("counts the cap on upcoming bookings inside the booking: five at once with room for one give one 201", async () => {
    const capped = await createTestApp({
      clock,
      config: { customer: { ...t.config.customer, maxUpcomingPerCustomer: 1 } },
    });
    try {
      const adminThere = (await capped.signIn("Admin")).headers;
      const there = await approvedConsultant(capped, adminThere);
      const someone = await quickCustomer(capped);
      const answers = await Promise.all(
        [0, 1, 2, 3, 4].map((n) =>
          capped.app.inject({
            method: "POST",
            url: `${CUSTOMER_API}/appointments`,
            headers: someone.headers,
            payload: { consultantId: there, startsAt: slot(n), description: "At once" },
          }),
        ),
      );
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
      for (const answer of answers.filter((a) => a.statusCode === 409)) {
        expect(answer.json().message).toBe(messages.tooManyUpcoming(1));
      }
    } finally {
      await capped.close();
    }
  });
});

describe("the live stream (GET /api/v2/live)", () => {
  it("answers 406 to a client that does not ask for text/event-stream", async () => {
    const answer = await t.app.inject({ method: "GET", url: "/api/v2/live", headers: admin });
    expect(answer.statusCode).toBe(406);
    expect(answer.json().message).toBe(liveMessages.notAcceptable);
  });

  it("takes the token in the address (a browser's EventSource sends no headers), only with its cookie and only here", async () => {
    // Streams of the test config's length (a fraction of a second), so each call gets its whole answer.
    const short = await createTestApp();
    try {
      const session = await short.signIn("Staff");
      const token = session.headers.authorization.slice("Bearer ".length);
      const { cookie } = session.headers;
      const live = (headers: Record<string, string>) =>
        short.app.inject({
          method: "GET",
          url: `/api/v2/live?token=${token}`,
          headers: { accept: "text/event-stream", ...headers },
        });
      const withCookie = await live({ cookie });
      expect(withCookie.statusCode).toBe(200);
      expect(withCookie.body).toMatch(/^retry: \d+\n\n[\s\S]*event: closing\n/);
      expect((await live({})).statusCode).toBe(401);
      const elsewhere = await short.app.inject({
        method: "GET",
        url: `/api/v2/notifications?token=${token}`,
        headers: { cookie },
      });
      expect(elsewhere.statusCode).toBe(401);
    } finally {
      await short.close();
    }
  });

  it("tells an open back-office screen within 5 s that appointments changed when a customer books, and ends for a shutdown", async () => {
    const consultantId = await approved();
    const customer = await quickCustomer(t);
    const address = await t.app.listen({ port: 0, host: "127.0.0.1" });
    const response = await fetch(`${address}/api/v2/live`, {
      headers: { ...admin, accept: "text/event-stream" },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(response.headers.get("content-encoding")).toBeNull();
    const reader = (response.body as ReadableStream<Uint8Array>)
      .pipeThrough(new TextDecoderStream())
      .getReader();
    let received = "";
    const until = async (pattern: RegExp, ms: number) => {
      const deadline = Date.now() + ms;
      while (!pattern.test(received)) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`nothing matching ${pattern} within ${ms} ms; got: ${received}`);
        const chunk = await Promise.race([
          reader.read(),
          new Promise<{ done: true; value: undefined }>((resolve) =>
            setTimeout(() => resolve({ done: true, value: undefined }), left),
          ),
        ]);
        if (chunk.value) received += chunk.value;
        else if (chunk.done && Date.now() < deadline) throw new Error(`the stream ended; got: ${received}`);
      }
    };
    await until(/^retry: \d+\n\n/, 2_000);
    // Give the feed its first look (it starts from the newest history row when someone listens).
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    const startedAt = Date.now();
    const booked = await book(customer.headers, consultantId, slot(4));
    expect(booked.statusCode, booked.body).toBe(201);
    await until(/event: changed\ndata: \{"entities":\[[^\]]*"appointment"[^\]]*\]\}\n\n/, 5_000);
    expect(Date.now() - startedAt).toBeLessThan(5_000);
    // Names kinds of record only, never what changed in them.
    expect(received).not.toContain(booked.json().guidId);

    const closing = Date.now();
    await t.app.close();
    expect(Date.now() - closing).toBeLessThan(3_000);
    await until(/$^/, 1_000).catch((error: Error) => expect(error.message).toMatch(/ended|nothing/));
  });
});
