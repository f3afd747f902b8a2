import { EXPORTS_PER_ACCOUNT, exportBusyMessage } from "@visadesk/contract/lists-constants";
import type { FastifyReply, FastifyRequest } from "fastify";
import { signedInUser } from "#api/plugins/auth";
import { TooManyRequests } from "./errors";

/** What a refused export is told to wait, in seconds: a long export rarely frees its slot sooner. */
export const EXPORT_RETRY_SECONDS = 10;

/** Running exports per account, per server (the app's own HTTP server, so each app counts its own). */
const running = new WeakMap<object, Map<string, number>>();

/**
 * Takes one of the account's export slots until the answer is done or the client goes away; past
 * EXPORTS_PER_ACCOUNT it refuses with 429 and Retry-After. Call it first in an export route, before the
 * export is audited or read.
 */
export function holdExportSlot(request: FastifyRequest, reply: FastifyReply): void {
  const account = signedInUser(request).guidId;
  const server = request.server.server;
  const counts = running.get(server) ?? new Map<string, number>();
  running.set(server, counts);
  const now = counts.get(account) ?? 0;
  if (now >= EXPORTS_PER_ACCOUNT) throw new TooManyRequests(exportBusyMessage, EXPORT_RETRY_SECONDS);
  counts.set(account, now + 1);
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    const left = (counts.get(account) ?? 1) - 1;
    if (left > 0) counts.set(account, left);
    else counts.delete(account);
  };
  // "close" comes once the answer is sent or the connection is gone, whichever first.
  reply.raw.once("close", release);
}
