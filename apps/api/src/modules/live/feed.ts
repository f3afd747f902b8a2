import type { LiveChange } from "@visadesk/contract/live-endpoints";
import type { AppDeps } from "#api/deps";
import { auditEntitiesAfter, newestAuditId } from "../audit/queries";

/** How often the feed looks for changes while someone listens: a change reaches open screens within it. */
export const LIVE_POLL_MS = 1_000;
/**
 * Rows of the history read again behind the newest one seen. On PostgreSQL a transaction that took a lower
 * id may commit after a higher one was read; ids already told are remembered, so none is told twice.
 */
const LOOK_BACK = 200;

type Listener = (change: LiveChange) => void;

/**
 * Which kinds of record changed, for the back-office's open screens. Every change of the product writes a
 * history row in its own transaction (the audit log), so the feed reads the rows added since it last
 * looked: customers' bookings, other staff's edits, other processes' writes. One feed per process, however
 * many listen; it reads only while someone does, and only when the database's change mark has moved.
 */
export function createLiveFeed(deps: Pick<AppDeps, "db">) {
  const { db } = deps;
  const listeners = new Set<Listener>();
  let timer: NodeJS.Timeout | undefined;
  let lastId: number | undefined;
  let lastMark: number | undefined;
  let told = new Set<number>();
  let reading = false;

  async function read() {
    if (reading) return;
    const mark = db.changeMark();
    if (mark !== undefined && mark === lastMark && lastId !== undefined) return;
    reading = true;
    try {
      if (lastId === undefined) {
        lastId = await newestAuditId(db.kysely);
        lastMark = mark;
        return;
      }
      const rows = await auditEntitiesAfter(db.kysely, Math.max(0, lastId - LOOK_BACK), 1_000);
      lastMark = mark;
      const entities = new Set<string>();
      const seen = new Set<number>();
      for (const row of rows) {
        const id = Number(row.id);
        seen.add(id);
        if (id > lastId) lastId = id;
        if (told.has(id)) continue;
        entities.add(row.entity);
        if (row.aboutEntity) entities.add(row.aboutEntity);
      }
      told = seen;
      if (entities.size > 0) {
        const change = { entities: [...entities].sort() };
        for (const listener of listeners) listener(change);
      }
    } catch {
      // The database is away: the next tick tries again, and nothing is told meanwhile.
    } finally {
      reading = false;
    }
  }

  return {
    /** Calls `listener` with each change from now on; returns the function that stops it. */
    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      if (!timer) {
        void read();
        timer = setInterval(() => void read(), LIVE_POLL_MS);
        timer.unref();
      }
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) {
          clearInterval(timer);
          timer = undefined;
          lastId = undefined;
        }
      };
    },
  };
}
export type LiveFeed = ReturnType<typeof createLiveFeed>;
