import { serverMessages } from "@visadesk/contract/common-constants";
import type { CustomerLiveChange } from "@visadesk/contract/customer-live-endpoints";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { approvedConsultant, CUSTOMER_API, quickCustomer, type SignedInCustomer } from "#test/customers";
import { PNG_1PX } from "#test/fixtures";
import { createTestApp, multipart, type TestApp, testClock } from "#test/helpers";
import { changedEvents, openStream, type ReadStream } from "#test/live-stream";

/**
 * The customer's live stream (GET /api/customer/v1/live): seconds after staff change one of the customer's
 * appointments or decide their CNIC, the customer's open pages are told which, and no one else's are.
 */
// 08:00 in Karachi (the business zone): consultants without timings work 09:00-19:00 there.
const clock = testClock(new Date("2026-12-01T03:00:00Z"));
let t: TestApp;
let staff: Record<string, string>;
let address: string;
const streams: ReadStream[] = [];
beforeAll(async () => {
  t = await createTestApp({ clock, config: { liveStreamMs: 30_000 } });
  staff = (await t.signIn("Admin")).headers;
  address = await t.app.listen({ port: 0, host: "127.0.0.1" });
});
afterAll(async () => {
  for (const stream of streams) stream.close();
  await t.close();
});

/** 10:00 in Karachi on 3 December, and the next half hours. */
const slot = (n: number) => new Date(Date.parse("2026-12-03T05:00:00Z") + n * 30 * 60_000).toISOString();
let slots = 0;

async function book(customer: SignedInCustomer, consultantId: string): Promise<string> {
  const answer = await t.app.inject({
    method: "POST",
    url: `${CUSTOMER_API}/appointments`,
    headers: customer.headers,
    payload: { consultantId, startsAt: slot(slots++), description: "Work visa" },
  });
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json().guidId as string;
}

/** Staff confirm an appointment in the back-office, as its edit form sends it. */
async function confirm(guidId: string) {
  const current = await t.app.inject({
    method: "GET",
    url: `/api/v2/userAppointment/${guidId}`,
    headers: staff,
  });
  const confirmed = await t.app.inject({
    method: "PUT",
    url: "/api/v2/userAppointment/update-appointment",
    headers: staff,
    payload: { ...(current.json() as Record<string, unknown>), isConfirmed: true },
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
}

/** The customer's open stream, once the feed has had its first look (it starts from the newest change). */
async function listen(customer: SignedInCustomer) {
  const stream = await openStream(`${address}${CUSTOMER_API}/live`, customer.headers);
  streams.push(stream);
  expect(stream.status).toBe(200);
  expect(stream.response.headers.get("content-type")).toMatch(/^text\/event-stream/);
  await stream.until(/^retry: \d+\n\n/, 2_000);
  await new Promise((resolve) => setTimeout(resolve, 1_200));
  return stream;
}

const changes = (stream: ReadStream) => changedEvents<CustomerLiveChange>(stream.text());

describe("the customer's live stream", () => {
  it("tells the customer within 5 s that staff confirmed their appointment, and another customer nothing of it", async () => {
    const consultantId = await approvedConsultant(t, staff);
    const ayesha = await quickCustomer(t);
    const bilal = await quickCustomer(t);
    const hers = await book(ayesha, consultantId);
    const his = await book(bilal, consultantId);
    const [herStream, hisStream] = await Promise.all([listen(ayesha), listen(bilal)]);

    const startedAt = Date.now();
    await confirm(hers);
    await herStream.until(new RegExp(`event: changed\\ndata: .*"${hers}"`), 5_000);
    expect(Date.now() - startedAt).toBeLessThan(5_000);
    expect(changes(herStream)).toContainEqual({
      appointments: [{ guidId: hers, change: "confirmed" }],
      cnic: null,
    });

    // His stream is open and told of his own appointment, never of hers.
    await confirm(his);
    await hisStream.until(new RegExp(`event: changed\\ndata: .*"${his}"`), 5_000);
    expect(hisStream.text()).not.toContain(hers);
    expect(changes(hisStream)).toEqual([
      { appointments: [{ guidId: his, change: "confirmed" }], cnic: null },
    ]);
    expect(herStream.text()).not.toContain(his);
  });

  it("names what happened to the appointment: moved, cancelled by staff, deleted", async () => {
    const consultantId = await approvedConsultant(t, staff);
    const customer = await quickCustomer(t);
    const moved = await book(customer, consultantId);
    const deleted = await book(customer, consultantId);
    const stream = await listen(customer);

    const current = (
      await t.app.inject({ method: "GET", url: `/api/v2/userAppointment/${moved}`, headers: staff })
    ).json() as Record<string, unknown>;
    const edit = (payload: object) =>
      t.app.inject({
        method: "PUT",
        url: "/api/v2/userAppointment/update-appointment",
        headers: staff,
        payload,
      });
    expect((await edit({ ...current, appointmentTime: "15:00" })).statusCode).toBe(200);
    await stream.until(new RegExp(`"${moved}","change":"moved"`), 5_000);
    const after = (
      await t.app.inject({ method: "GET", url: `/api/v2/userAppointment/${moved}`, headers: staff })
    ).json() as Record<string, unknown>;
    expect(
      (await edit({ ...after, isCancelled: true, cancellationReason: "Office closed" })).statusCode,
    ).toBe(200);
    await stream.until(new RegExp(`"${moved}","change":"cancelled"`), 5_000);

    const gone = await t.app.inject({
      method: "DELETE",
      url: `/api/v2/userAppointment/${deleted}`,
      headers: staff,
    });
    expect(gone.statusCode, gone.body).toBe(200);
    await stream.until(new RegExp(`"${deleted}","change":"deleted"`), 5_000);
  });

  it("tells the customer within 5 s that staff verified or rejected their CNIC", async () => {
    const [verified, rejected] = [await quickCustomer(t), await quickCustomer(t)];
    for (const customer of [verified, rejected]) await sendCnic(customer);
    const [verifiedStream, rejectedStream] = await Promise.all([listen(verified), listen(rejected)]);

    const startedAt = Date.now();
    await decide(verified, { decision: "verified" });
    await decide(rejected, { decision: "rejected", reason: "The photo is blurred" });
    await verifiedStream.until(/"cnic":"verified"/, 5_000);
    await rejectedStream.until(/"cnic":"rejected"/, 5_000);
    expect(Date.now() - startedAt).toBeLessThan(5_000);
    // (Their own sending of the card, just before, may come first, as pending.)
    expect(changes(verifiedStream).at(-1)).toEqual({ appointments: [], cnic: "verified" });
    expect(changes(rejectedStream).at(-1)).toEqual({ appointments: [], cnic: "rejected" });
    expect(verifiedStream.text()).not.toContain("rejected");
  });

  it("ends the stream within seconds once the device signs out", async () => {
    const customer = await quickCustomer(t);
    const stream = await listen(customer);
    const out = await t.app.inject({
      method: "POST",
      url: `${CUSTOMER_API}/auth/sign-out`,
      headers: customer.headers,
    });
    expect(out.statusCode, out.body).toBe(200);
    await stream.ended(5_000);
    const again = await openStream(`${address}${CUSTOMER_API}/live`, customer.headers);
    expect(again.status).toBe(401);
  });

  it("answers 401 in the product's error shape without a customer token, and to a back-office one", async () => {
    for (const headers of [{}, { authorization: "Bearer nonsense" }, staff]) {
      const answer = await t.app.inject({
        method: "GET",
        url: `${CUSTOMER_API}/live`,
        headers: { ...headers, accept: "text/event-stream" },
      });
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toMatchObject({ message: serverMessages.notSignedIn, code: "not_signed_in" });
    }
  });
});

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

async function decide(customer: SignedInCustomer, payload: object) {
  const answer = await t.app.inject({
    method: "POST",
    url: `/api/v2/User/users/${customer.pair.customer.guidId}/cnic-verification`,
    headers: staff,
    payload,
  });
  expect(answer.statusCode, answer.body).toBe(200);
}
