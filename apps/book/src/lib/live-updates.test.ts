import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { type LiveNews, onLiveNews } from "./live-bus";

/**
 * The site's reading of the customer's live stream, against a real HTTP server that answers as the API
 * does: each `changed` event told to the pages, the stream opened again when it ends (the pages then load
 * their records again), a refused token handed to the session, and a growing wait after failures.
 */
type Handler = (request: IncomingMessage, response: ServerResponse) => void;
let handle: Handler = (_request, response) => response.end();
const server = createServer((request, response) => handle(request, response));
let live: typeof import("./live-updates");
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  vi.stubEnv("VITE_API_HOST", `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  live = await import("./live-updates");
});
afterEach(() => live.stopLiveUpdates());
afterAll(async () => {
  vi.unstubAllEnvs();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const stream = (response: ServerResponse) => {
  response.writeHead(200, { "content-type": "text/event-stream; charset=utf-8" });
  response.write("retry: 2000\n\n");
};
const changed = (news: object) => `event: changed\ndata: ${JSON.stringify(news)}\n\n`;

describe("the customer's live stream in the site", () => {
  it("sends the session's token, tells the pages each change, and after the stream ends opens it again and has them load again", async () => {
    const tokens: (string | undefined)[] = [];
    handle = (request, response) => {
      tokens.push(request.headers.authorization);
      stream(response);
      if (tokens.length === 1) {
        // In two pieces, as a network may cut it; then the stream's end (its lifetime).
        const event = changed({ appointments: [{ guidId: "a1", change: "confirmed" }], cnic: null });
        response.write(event.slice(0, 20));
        setTimeout(() => {
          response.write(`${event.slice(20)}: still here\n\nevent: closing\ndata: {}\n\n`);
          response.end();
        }, 50);
      }
    };
    const told: LiveNews[] = [];
    const stop = onLiveNews((news) => told.push(news));
    live.startLiveUpdates({ accessToken: () => "token-1", unauthorized: () => undefined });
    await vi.waitFor(() => expect(told).toHaveLength(2), { timeout: 3_000 });
    stop();
    expect(told).toEqual([
      { appointments: [{ guidId: "a1", change: "confirmed" }], cnic: null },
      { appointments: [], cnic: null, resync: true },
    ]);
    expect(tokens).toEqual(["Bearer token-1", "Bearer token-1"]);
  });

  it("hands a refused token to the session once, and after failures waits longer each time", async () => {
    const at: number[] = [];
    handle = (_request, response) => {
      at.push(Date.now());
      response.writeHead(at.length === 1 ? 401 : 503, { "content-type": "application/json" });
      response.end("{}");
    };
    let refused = 0;
    const session = { accessToken: () => "token-2", unauthorized: () => (refused += 1) };
    live.startLiveUpdates(session);
    await vi.waitFor(() => expect(refused).toBe(1));
    // The session got a new token and starts the stream again: now it fails, and each wait grows.
    live.startLiveUpdates(session);
    await vi.waitFor(() => expect(at).toHaveLength(4), { timeout: 6_000 });
    const [shorter, longer] = [(at[2] as number) - (at[1] as number), (at[3] as number) - (at[2] as number)];
    expect(shorter).toBeGreaterThanOrEqual(700);
    expect(longer).toBeGreaterThan(shorter * 1.3);
    expect(refused).toBe(1);
  });

  it("closes the stream at sign-out, and opens none after it", async () => {
    let opened = 0;
    let closed = false;
    handle = (request, response) => {
      opened += 1;
      stream(response);
      request.on("close", () => {
        closed = true;
      });
    };
    live.startLiveUpdates({ accessToken: () => "token-3", unauthorized: () => undefined });
    await vi.waitFor(() => expect(opened).toBe(1));
    live.stopLiveUpdates();
    await vi.waitFor(() => expect(closed).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(opened).toBe(1);
  });
});
