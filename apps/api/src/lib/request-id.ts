import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";

/** What a proxy or caller may send as x-request-id: short, no spaces or control characters (log-safe). */
const WELL_FORMED = /^[A-Za-z0-9][A-Za-z0-9._:-]{7,63}$/;

/**
 * Fastify's genReqId: keeps a well-formed incoming x-request-id so one id follows a call through a proxy,
 * else a random UUID. Anything else is ignored rather than trusted into the logs.
 */
export function requestIdOf(request: IncomingMessage): string {
  const incoming = request.headers["x-request-id"];
  return typeof incoming === "string" && WELL_FORMED.test(incoming) ? incoming : randomUUID();
}
