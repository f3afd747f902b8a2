import type { AppDeps } from "#api/deps";
import { auditEntitiesAfter, newestAuditId } from "../audit/queries";

/** How often the feed looks for changes while someone listens: a change reaches open screens within it. */
export const LIVE_POLL_MS = 1_000;
/**
 * Rows of the history read again behind the newest one seen. On PostgreSQL a transaction that took a lower
 * id may commit after a higher one was read; ids already told are remembered, so none is told twice.
 */
const LOOK_BACK = 200;

/** One history row the feed read: which record changed, how, and the fields it changed (JSON). */
export interface LiveRow {
  entity: string;
  entityId: string | null;
  action: string;
  changes: string;
}
/** What one look found: the kinds of record that changed, and the rows that told it. */
export interface LiveBatch {
  entities: string[];
  rows: LiveRow[];
}
type Listener = (batch: LiveBatch) => void;

/**
 * Which records changed, for the open screens of the back-office (the kinds of record) and of customers
 * (their own records, modules/live/customer-feed.ts). Every change of the product writes a
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
        // From now on: the rows already there, the look-back's too, count as told.
        const newest = await newestAuditId(db.kysely);
        const before = await auditEntitiesAfter(db.kysely, Math.max(0, newest - LOOK_BACK), 1_000);
        told = new Set(before.map((row) => Number(row.id)));
        lastId = Math.max(newest, ...told);
        lastMark = mark;
        return;
      }
      const rows = await auditEntitiesAfter(db.kysely, Math.max(0, lastId - LOOK_BACK), 1_000);
      lastMark = mark;
      const entities = new Set<string>();
      const fresh: LiveRow[] = [];
      const seen = new Set<number>();
      for (const row of rows) {
        const id = Number(row.id);
        seen.add(id);
        if (id > lastId) lastId = id;
        if (told.has(id)) continue;
        entities.add(row.entity);
        if (row.aboutEntity) entities.add(row.aboutEntity);
        fresh.push({ entity: row.entity, entityId: row.entityId, action: row.action, changes: row.changes });
      }
      told = seen;
      if (entities.size > 0) {
        const batch = { entities: [...entities].sort(), rows: fresh };
        for (const listener of listeners) listener(batch);
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
