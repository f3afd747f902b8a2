import { ur } from "@visadesk/contract/customer-answers/ur";
import { customerLiveMessages } from "@visadesk/contract/customer-live-endpoints";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, CUSTOMER_API, quickCustomer, signIn } from "#test/customers";
import { createTestApp, type TestApp } from "#test/helpers";
import { openStream, type ReadStream } from "#test/live-stream";

/**
 * One device cannot hold hundreds of open live streams (each a connection and a listener of the feed):
 * LIVE_STREAMS_PER_SESSION per device, LIVE_STREAMS_PER_ACCOUNT per account, then 429 in the product's
 * error shape, in the customer's language.
 */
let t: TestApp;
let address: string;
const opened: ReadStream[] = [];
beforeAll(async () => {
  t = await createTestApp({ config: { liveStreamMs: 30_000 } });
  address = await t.app.listen({ port: 0, host: "127.0.0.1" });
});
afterAll(async () => {
  for (const stream of opened) stream.close();
  await t.close();
});

const open = async (headers: Record<string, string>) => {
  const stream = await openStream(`${address}${CUSTOMER_API}/live`, headers);
  opened.push(stream);
  return stream;
};

describe("open live streams of a customer", () => {
  it("refuses the sixth stream of one device with 429 in the usual shape, and takes one again once a stream closes", async () => {
    const { headers } = await quickCustomer(t);
    const streams = [];
    for (let n = 0; n < 5; n++) {
      const stream = await open(headers);
      expect(stream.status).toBe(200);
      streams.push(stream);
    }
    const sixth = await open(headers);
    expect(sixth.status).toBe(429);
    expect(sixth.response.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await sixth.response.json()).toMatchObject({
      message: customerLiveMessages.tooManyForSession(5),
      code: "too_many_for_session",
    });

    streams[0]?.close();
    let again = 0;
    for (let tries = 0; tries < 50 && again !== 200; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      again = (await open(headers)).status;
    }
    expect(again).toBe(200);
  });

  it("refuses the eleventh stream of one account across its devices (in Urdu for an Urdu reader), while another customer still opens", async () => {
    const first = await quickCustomer(t);
    await t.db.kysely.updateTable("users").set({ language: "ur" }).where("email", "=", first.email).execute();
    const devices = [first.headers];
    for (const name of ["Second phone", "Third phone"]) {
      devices.push(bearer((await signIn(t, first.email, first.password, name)).accessToken));
    }
    for (const headers of devices.slice(0, 2)) {
      for (let n = 0; n < 5; n++) expect((await open(headers)).status).toBe(200);
    }
    const eleventh = await open(devices[2] as Record<string, string>);
    expect(eleventh.status).toBe(429);
    expect(await eleventh.response.json()).toMatchObject({
      message: ur.live.tooManyForAccount.replace("{{max}}", "10"),
      code: "too_many_for_account",
    });

    const other = await quickCustomer(t);
    expect((await open(other.headers)).status).toBe(200);
  });

  it("answers 406 to a client that does not ask for text/event-stream", async () => {
    const { headers } = await quickCustomer(t);
    const answer = await t.app.inject({ method: "GET", url: `${CUSTOMER_API}/live`, headers });
    expect(answer.statusCode).toBe(406);
    expect(answer.json().message).toBe(customerLiveMessages.notAcceptable);
  });
});
