import { apiErrorSchema, messageSchema } from "@visadesk/contract/common";
import { BACK_OFFICE_ROLES } from "@visadesk/contract/roles";
import { userIdParamsSchema } from "@visadesk/contract/users";
import { appUserMessages } from "@visadesk/contract/users-constants";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppDeps } from "#api/deps";
import { NotFound } from "#api/lib/errors";
import { recordChange } from "../audit/service";
import { revokeSessionsOf } from "../auth/service";
import * as repo from "./repository";

const deviceListSchema = z.array(
  z.object({ id: z.string(), deviceName: z.string(), createdAt: z.string(), lastUsedAt: z.string() }),
);

export const customerDeviceMessages = {
  signedOut: (count: number) =>
    count === 1 ? "The customer is signed out of 1 device" : `The customer is signed out of ${count} devices`,
} as const;

/**
 * A customer's devices (their customer API sessions) on their record, and staff's "Sign out everywhere":
 * for a lost phone or a customer who asks, every session and refresh chain ends at once (audited).
 */
export function customerDeviceRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db, clock } = deps;
  const appUser = async (guidId: string) => {
    const user = await repo.findUser(db.kysely, guidId);
    if (user?.role !== "AppUser") throw new NotFound(appUserMessages.notFound);
    return user;
  };
  const liveDevices = (userId: number) =>
    db.kysely
      .selectFrom("customerSessions")
      .select(["id", "deviceName", "createdAt", "lastUsedAt"])
      .where("userId", "=", userId)
      .where("revokedAt", "is", null)
      .where("expiresAt", ">", clock.now().toISOString())
      .orderBy("lastUsedAt", "desc")
      .orderBy("id")
      .execute();
  return async (app) => {
    app.get(
      "/users/:id/devices",
      {
        config: { auth: BACK_OFFICE_ROLES },
        schema: {
          tags: ["User"],
          summary: "The devices an app user is signed in on in the customer app or site, last used first",
          params: userIdParamsSchema,
          response: { 200: deviceListSchema, 404: apiErrorSchema },
        },
      },
      async (request) => liveDevices((await appUser(request.params.id)).id),
    );
    app.post(
      "/users/:id/sign-out-everywhere",
      {
        config: { auth: BACK_OFFICE_ROLES },
        schema: {
          tags: ["User"],
          summary: "Sign an app user out of every device (customer app and site)",
          params: userIdParamsSchema,
          response: { 200: messageSchema, 404: apiErrorSchema },
        },
      },
      async (request) => {
        const user = await appUser(request.params.id);
        const now = clock.now();
        const count = await db.kysely.transaction().execute(async (trx) => {
          const devices = await trx
            .selectFrom("customerSessions")
            .select((eb) => eb.fn.countAll().as("count"))
            .where("userId", "=", user.id)
            .where("revokedAt", "is", null)
            .where("expiresAt", ">", now.toISOString())
            .executeTakeFirstOrThrow();
          await revokeSessionsOf(trx, user.id, now.toISOString());
          await recordChange(trx, {
            action: "update",
            entity: "user",
            entityId: user.guidId,
            changes: { signedOutDevices: { from: Number(devices.count), to: 0 } },
            at: now,
          });
          return Number(devices.count);
        });
        return { message: customerDeviceMessages.signedOut(count) };
      },
    );
  };
}
