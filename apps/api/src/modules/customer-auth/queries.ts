import type { Executor } from "#api/db/schema";
import { liveSessionsAt } from "./repository";

/*
 * What other modules may read and do of the customers' devices: a customer's record shows them to staff,
 * and ending every session of an account ends its devices too. The customer's own device list reads them
 * here as well.
 */

/** The customer API sessions of an app user still signed in at `now`. */
const live = (db: Executor, userId: number, now: string) =>
  db
    .selectFrom("customerSessions")
    .where("userId", "=", userId)
    .where("revokedAt", "is", null)
    .where("expiresAt", ">", now);

/**
 * Those sessions, latest first by `order`: staff see a customer's devices by last use, the customer sees
 * their own by when each signed in.
 */
export function liveDevices(db: Executor, userId: number, now: string, order: "lastUsedAt" | "createdAt") {
  return live(db, userId, now)
    .select(["id", "deviceName", "createdAt", "lastUsedAt"])
    .orderBy(order, "desc")
    .orderBy("id")
    .execute();
}

/** How many of those sessions there are. */
export async function countLiveDevices(db: Executor, userId: number, now: string): Promise<number> {
  const devices = await live(db, userId, now)
    .select((eb) => eb.fn.countAll().as("count"))
    .executeTakeFirstOrThrow();
  return Number(devices.count);
}

/** Ends every device of the account still signed in. */
export async function revokeCustomerSessionsOf(db: Executor, userId: number, at: string) {
  await db
    .updateTable("customerSessions")
    .set({ revokedAt: at })
    .where("userId", "=", userId)
    .where("revokedAt", "is", null)
    .execute();
}

/**
 * Which of these devices' sessions still pass the check of every customer request (signed in, of an active
 * account) at `now`, in one query: the live streams of the others end.
 */
export async function liveSessionIds(db: Executor, sessionIds: readonly string[], now: string) {
  if (sessionIds.length === 0) return new Set<string>();
  const rows = await liveSessionsAt(db, now)
    .select("customerSessions.id")
    .where("customerSessions.id", "in", [...sessionIds])
    .execute();
  return new Set(rows.map((row) => row.id));
}
