import { EXPORTS_PER_ACCOUNT, exportBusyMessage } from "@visadesk/contract/lists-constants";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { sql } from "kysely";
import type { Db } from "#api/db/database";
import { signedInUser } from "#api/plugins/auth";
import { TooManyRequests } from "./errors";

/** What a refused export is told to wait, in seconds: a long export rarely frees its slot sooner. */
export const EXPORT_RETRY_SECONDS = 10;

type Release = () => void;
/** Takes one of the account's slots, or answers undefined when all are taken. */
type TakeSlot = (account: string) => Promise<Release | undefined>;

/** Each app's way of taking a slot, by its HTTP server (set by useExportSlots). */
const slotTakers = new WeakMap<object, TakeSlot>();

/**
 * Where this app counts running exports. On PostgreSQL, in the database, so one budget holds across every
 * instance: a slot is a session advisory lock (slot n of the account) on a connection held for the export,
 * which PostgreSQL drops with the connection if the instance dies. On SQLite (one process), in memory.
 */
export function useExportSlots(app: FastifyInstance, db: Db): void {
  slotTakers.set(app.server, db.dialect === "postgres" ? databaseSlots(db) : processSlots());
}

/**
 * Takes one of the account's export slots until the answer is done or the client goes away; past
 * EXPORTS_PER_ACCOUNT it refuses with 429 and Retry-After. Await it first in an export route, before the
 * export is audited or read.
 */
export async function holdExportSlot(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const take = slotTakers.get(request.server.server);
  if (!take) throw new Error("useExportSlots(app, db) was not called for this app");
  const release = await take(signedInUser(request).guidId);
  if (!release) throw new TooManyRequests(exportBusyMessage, EXPORT_RETRY_SECONDS);
  // "close" comes once the answer is sent or the connection is gone, whichever first.
  if (reply.raw.destroyed) release();
  else reply.raw.once("close", release);
}

function processSlots(): TakeSlot {
  const running = new Map<string, number>();
  return async (account) => {
    const now = running.get(account) ?? 0;
    if (now >= EXPORTS_PER_ACCOUNT) return undefined;
    running.set(account, now + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (running.get(account) ?? 1) - 1;
      if (left > 0) running.set(account, left);
      else running.delete(account);
    };
  };
}

function databaseSlots(db: Db): TakeSlot {
  return (account) =>
    new Promise<Release | undefined>((answer, fail) => {
      const key = `visadesk export ${db.schema ?? ""} ${account}`;
      db.kysely
        .connection()
        .execute(async (connection) => {
          for (let slot = 0; slot < EXPORTS_PER_ACCOUNT; slot += 1) {
            const { rows } = await sql<{ held: boolean }>`
              select pg_try_advisory_lock(hashtext(${key}), ${slot}) as held`.execute(connection);
            if (!rows[0]?.held) continue;
            // The connection (and with it the lock) is kept until the export's answer is done.
            await new Promise<void>((done) => {
              let released = false;
              answer(() => {
                if (released) return;
                released = true;
                done();
              });
            });
            await sql`select pg_advisory_unlock(hashtext(${key}), ${slot})`.execute(connection);
            return;
          }
          answer(undefined);
        })
        .catch(fail);
    });
}
