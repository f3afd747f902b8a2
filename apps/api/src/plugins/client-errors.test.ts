import net, { type AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#test/helpers";

/**
 * What reaches the HTTP parser and no further, over a real socket: slow requests are cut off at the
 * configured timeout, and every refusal answers in the product's error shape with the security headers.
 * The timeouts are small here so the test takes about a second; the defaults are 120 s.
 */
const REQUEST_TIMEOUT_MS = 400;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp({ config: { requestTimeoutMs: REQUEST_TIMEOUT_MS, connectionTimeoutMs: 5_000 } });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** From the first byte sent to the socket's close, in ms. */
  closedAfter: number;
}

/** Sends raw bytes (then more, one at a time, every `dripMs`), and reads until the server closes. */
function rawRequest(head: string, drip?: { bytes: string; everyMs: number }): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const socket = net.connect({ port, host: "127.0.0.1" });
    const chunks: Buffer[] = [];
    let timer: NodeJS.Timeout | undefined;
    socket.on("data", (chunk) => chunks.push(chunk));
    socket.on("error", () => {});
    socket.on("close", () => {
      clearInterval(timer);
      const text = Buffer.concat(chunks).toString("utf8");
      const [headText = "", body = ""] = text.split("\r\n\r\n");
      const [statusLine = "", ...headerLines] = headText.split("\r\n");
      const headers = Object.fromEntries(
        headerLines.map((line) => {
          const colon = line.indexOf(":");
          return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()];
        }),
      );
      resolve({
        status: Number(statusLine.split(" ")[1]),
        headers,
        body,
        closedAfter: performance.now() - started,
      });
    });
    socket.write(head, (error) => {
      if (error) return reject(error);
      if (!drip) return;
      let sent = 0;
      timer = setInterval(() => {
        if (socket.destroyed || sent >= drip.bytes.length) return clearInterval(timer);
        socket.write(drip.bytes[sent] ?? "");
        sent += 1;
      }, drip.everyMs);
    });
  });
}

/** What the HTTP parser's refusals are coded, by status (the catalogue's codes of their messages). */
const CLIENT_ERROR_CODES: Record<number, string> = {
  400: "not_http",
  408: "request_timeout",
  431: "headers_too_large",
};

/** The product's error shape, with the headers every answer has. */
function expectProductRefusal(answer: RawAnswer, status: number) {
  expect(answer.status).toBe(status);
  expect(answer.headers["content-type"]).toBe("application/json; charset=utf-8");
  const body = JSON.parse(answer.body);
  expect(Object.keys(body).sort()).toEqual(["code", "error", "message"]);
  expect(body.code).toBe(CLIENT_ERROR_CODES[status]);
  expect(body.message).not.toMatch(/FST_|HPE_|Client Error|statusCode/);
  expect(answer.body).not.toContain("statusCode");
  expect(answer.headers["x-content-type-options"]).toBe("nosniff");
  expect(answer.headers["content-security-policy"]).toContain("default-src 'self'");
  expect(answer.headers["x-frame-options"]).toBe("SAMEORIGIN");
  expect(answer.headers["referrer-policy"]).toBe("no-referrer");
  expect(answer.headers["cache-control"]).toBe("no-store");
  expect(answer.headers["x-request-id"]).toMatch(UUID);
  return body as { message: string; code: string; error: string };
}

describe("slow requests", () => {
  it("cuts off a body that trickles in (1 byte every 100 ms of 100,000 announced) at the request timeout", async () => {
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        rawRequest(
          "POST /api/v2/connect/verify-login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n",
          { bytes: "x".repeat(100), everyMs: 100 },
        ),
      ),
    );
    for (const answer of answers) {
      expect(expectProductRefusal(answer, 408).error).toBe("Request Timeout");
      // The timeout, plus Node's check interval (a quarter of it), plus a loaded machine's slack.
      expect(answer.closedAfter).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 50);
      expect(answer.closedAfter).toBeLessThan(REQUEST_TIMEOUT_MS * 5);
    }
  });

  it("cuts off headers that trickle in at the same timeout", async () => {
    const answer = await rawRequest("GET /api/health HTTP/1.1\r\nHost: localhost\r\n", {
      bytes: "X-Slow: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
      everyMs: 100,
    });
    expectProductRefusal(answer, 408);
    expect(answer.closedAfter).toBeLessThan(REQUEST_TIMEOUT_MS * 5);
  });

  it("still answers a request that arrives in time", async () => {
    const answer = await rawRequest(
      "GET /api/health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n",
    );
    expect(answer.status).toBe(200);
  });
});

describe("requests the HTTP parser refuses", () => {
  it.each([
    [
      "a 20 KB header",
      `GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`,
      431,
    ],
    ["a broken request line", "GET /api/health HTTP/9.Z extra\r\nHost: localhost\r\n\r\n", 400],
    [
      "a broken chunk",
      "POST /api/v2/connect/verify-login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n",
      400,
    ],
    [
      "two Content-Lengths",
      "POST /api/v2/connect/verify-login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}",
      400,
    ],
  ])("%s: answered in the product's shape with the security headers", async (_name, request, status) => {
    expectProductRefusal(await rawRequest(request), status);
  });
});
