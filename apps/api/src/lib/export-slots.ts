import type { FastifyReply, FastifyRequest } from "fastify";
import { signedInUser } from "#api/plugins/auth";
import { TooManyRequests } from "./errors";

/** Exports one account may run at once: each can hold a core and a database connection for a while. */
export const EXPORTS_PER_ACCOUNT = 2;
/** What a refused export is told to wait, in seconds: a long export rarely frees its slot sooner. */
export const EXPORT_RETRY_SECONDS = 10;
export const exportBusyMessage = `You already have ${EXPORTS_PER_ACCOUNT} exports running. Wait for one to finish, then try again.`;

/** What the export routes document for their 429. */
export const EXPORT_LIMIT_TEXT = `More than ${EXPORTS_PER_ACCOUNT} exports at once by one account; Retry-After says when to try again`;

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
