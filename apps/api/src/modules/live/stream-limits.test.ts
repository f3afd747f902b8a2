import { liveMessages } from "@visadesk/contract/live-endpoints";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearerHeaders, createTestApp, type TestApp } from "../../../test/helpers";
import { BINDING_COOKIE } from "../auth/tokens";

/**
 * One sign-in cannot hold hundreds of open live streams (each a connection and a listener of the feed):
 * LIVE_STREAMS_PER_SESSION per session, LIVE_STREAMS_PER_ACCOUNT per account, then 429.
 */
let t: TestApp;
let address: string;
const opened: AbortController[] = [];
beforeAll(async () => {
  t = await createTestApp({ config: { liveStreamMs: 30_000 } });
  address = await t.app.listen({ port: 0, host: "127.0.0.1" });
});
afterAll(async () => {
  for (const controller of opened) controller.abort();
  await t.close();
});

const open = async (headers: Record<string, string>) => {
  const controller = new AbortController();
  opened.push(controller);
  const response = await fetch(`${address}/api/v2/live`, {
    headers: { ...headers, accept: "text/event-stream" },
    signal: controller.signal,
  });
  return { response, close: () => controller.abort() };
};

/** A further sign-in of the same account: a session of its own. */
const signInAgain = async (email: string, password: string) => {
  const response = await t.app.inject({
    method: "POST",
    url: "/api/v2/connect/verify-login",
    payload: { email, password },
  });
  const binding = response.cookies.find((cookie) => cookie.name === BINDING_COOKIE);
  return bearerHeaders(response.json().accessToken as string, binding?.value ?? "");
};

const waitFor = async (check: () => Promise<boolean>) => {
  for (let tries = 0; tries < 50; tries++) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
};

describe("open live streams", () => {
  it("refuses the sixth stream of one session with 429 in the usual shape, and takes one again once a stream closes", async () => {
    const { headers } = await t.signIn("Staff");
    const streams = [];
    for (let n = 0; n < 5; n++) {
      const stream = await open(headers);
      expect(stream.response.status).toBe(200);
      streams.push(stream);
    }
    const sixth = await open(headers);
    expect(sixth.response.status).toBe(429);
    expect(sixth.response.headers.get("retry-after")).toMatch(/^\d+$/);
    // The usual error shape: the message, no stream.
    expect(await sixth.response.json()).toMatchObject({ message: liveMessages.tooManyForSession(5) });

    streams[0]?.close();
    expect(
      await waitFor(async () => {
        const again = await open(headers);
        return again.response.status === 200;
      }),
    ).toBe(true);
  });

  it("refuses the eleventh stream of one account across its sessions, while another account still opens", async () => {
    const first = await t.signIn("Staff");
    const { email, password } = first.user;
    const second = await signInAgain(email, password);
    const third = await signInAgain(email, password);
    for (const headers of [first.headers, second]) {
      for (let n = 0; n < 5; n++) expect((await open(headers)).response.status).toBe(200);
    }
    const eleventh = await open(third);
    expect(eleventh.response.status).toBe(429);
    expect(((await eleventh.response.json()) as { message: string }).message).toBe(
      liveMessages.tooManyForAccount(10),
    );

    const other = await t.signIn("Staff");
    expect((await open(other.headers)).response.status).toBe(200);
  });
});

describe("open live streams over several instances of one database", () => {
  it("counts a session's streams on every instance: three here and two there, then the sixth is refused on either", async () => {
    const shared = await createTestApp({ replicable: true, config: { liveStreamMs: 30_000 } });
    const controllers: AbortController[] = [];
    const replica = await shared.replica();
    try {
      const here = await shared.app.listen({ port: 0, host: "127.0.0.1" });
      const there = await replica.app.listen({ port: 0, host: "127.0.0.1" });
      const { headers } = await shared.signIn("Staff");
      const openAt = async (base: string) => {
        const controller = new AbortController();
        controllers.push(controller);
        const response = await fetch(`${base}/api/v2/live`, {
          headers: { ...headers, accept: "text/event-stream" },
          signal: controller.signal,
        });
        return response.status;
      };
      for (const base of [here, here, here, there, there]) expect(await openAt(base)).toBe(200);
      expect(await openAt(here)).toBe(429);
      expect(await openAt(there)).toBe(429);
    } finally {
      for (const controller of controllers) controller.abort();
      // The first instance first: on PostgreSQL it would otherwise wait on the closed replica.
      await shared.app.close();
      await shared.close();
    }
  });
});
