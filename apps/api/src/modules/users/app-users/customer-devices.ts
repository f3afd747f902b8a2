import type { CustomerDevice } from "@visadesk/contract/users";
import { appUserMessages } from "@visadesk/contract/users-constants";
import type { AppDeps } from "#api/deps";
import { NotFound } from "#api/lib/errors";
import { recordChange } from "../../audit/service";
import { revokeSessionsOf } from "../../auth/service";
import { countLiveDevices, liveDevices } from "../../customer-auth/queries";
import * as repo from "../repository";

export const customerDeviceMessages = {
  signedOut: (count: number) =>
    count === 1 ? "The customer is signed out of 1 device" : `The customer is signed out of ${count} devices`,
} as const;

/**
 * A customer's devices (their customer API sessions) on their record, and staff's "Sign out everywhere":
 * for a lost phone or a customer who asks, every session and refresh chain ends at once (audited).
 */
export function customerDevices({ db, clock }: Pick<AppDeps, "db" | "clock">) {
  const appUser = async (guidId: string) => {
    const user = await repo.findUser(db.kysely, guidId);
    if (user?.role !== "AppUser") throw new NotFound(appUserMessages.notFound);
    return user;
  };
  return {
    async devices(guidId: string): Promise<CustomerDevice[]> {
      const user = await appUser(guidId);
      return liveDevices(db.kysely, user.id, clock.now().toISOString(), "lastUsedAt");
    },

    async signOutEverywhere(guidId: string): Promise<{ message: string }> {
      const user = await appUser(guidId);
      const now = clock.now();
      const count = await db.kysely.transaction().execute(async (trx) => {
        const devices = await countLiveDevices(trx, user.id, now.toISOString());
        await revokeSessionsOf(trx, user.id, now.toISOString());
        await recordChange(trx, {
          action: "update",
          entity: "user",
          entityId: user.guidId,
          changes: { signedOutDevices: { from: devices, to: 0 } },
          at: now,
        });
        return devices;
      });
      return { message: customerDeviceMessages.signedOut(count) };
    },
  };
}
