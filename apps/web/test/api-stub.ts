import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll } from "vitest";
import { http as client } from "@/lib/http";

/** A call the stand-in API received. */
export interface ApiCall {
  method: string;
  /** Path and query, as sent ("/api/v2/account/mfa"). */
  url: string;
  headers: http.IncomingHttpHeaders;
  /** The body as sent; "" without one. */
  text: string;
  /** The body read as JSON; undefined without one. */
  readonly body: unknown;
}

export interface ApiAnswer {
  status: number;
  body: unknown;
}

/**
 * A real local server standing in for the API while a test file runs, so requests go through the HTTP
 * client's real transport (CORS preflights included). The client's base points at it; the setup file puts
 * the base back after the file. `answer` is asked for each call's JSON answer.
 */
export function serveApi(answer: (call: ApiCall) => ApiAnswer | Promise<ApiAnswer>): void {
  let server: http.Server;
  beforeAll(async () => {
    server = http.createServer((request, response) => {
      response.setHeader("access-control-allow-origin", "*");
      response.setHeader("access-control-allow-headers", "authorization, content-type");
      response.setHeader("access-control-allow-methods", "GET, POST, PUT, DELETE");
      if (request.method === "OPTIONS") return response.end();
      let text = "";
      request.on("data", (chunk: Buffer) => {
        text += chunk.toString();
      });
      request.on("end", async () => {
        const call: ApiCall = {
          method: request.method ?? "GET",
          url: request.url ?? "",
          headers: request.headers,
          text,
          // Read when asked: a body that is not JSON (a file upload) is fine until a test reads it so.
          get body() {
            return text ? JSON.parse(text) : undefined;
          },
        };
        // A stand-in that throws still answers, so the test fails on its words rather than a timeout.
        const { status, body } = await Promise.resolve()
          .then(() => answer(call))
          .catch((error: unknown) => ({ status: 500, body: { message: `Stand-in API failed: ${error}` } }));
        response.writeHead(status, { "content-type": "application/json" });
        response.end(JSON.stringify(body));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    client.defaults.baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v2/`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
}
