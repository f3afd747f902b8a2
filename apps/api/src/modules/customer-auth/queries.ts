import type { Executor } from "#api/db/schema";

/*
 * What other modules may read and do of the customers' devices: a customer's record shows them to staff,
 * and ending every session of an account ends its devices too.
 */

/** The customer API sessions of an app user still signed in at `now`, last used first. */
export function liveDevices(db: Executor, userId: number, now: string) {
  return db
    .selectFrom("customerSessions")
    .select(["id", "deviceName", "createdAt", "lastUsedAt"])
    .where("userId", "=", userId)
    .where("revokedAt", "is", null)
    .where("expiresAt", ">", now)
    .orderBy("lastUsedAt", "desc")
    .orderBy("id")
    .execute();
}

/** How many of those sessions there are. */
export async function countLiveDevices(db: Executor, userId: number, now: string): Promise<number> {
  const devices = await db
    .selectFrom("customerSessions")
    .select((eb) => eb.fn.countAll().as("count"))
    .where("userId", "=", userId)
    .where("revokedAt", "is", null)
    .where("expiresAt", ">", now)
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
