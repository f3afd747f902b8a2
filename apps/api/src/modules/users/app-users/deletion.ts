import type { DeletionChoice } from "@visadesk/contract/deletion";
import type { AppUserDeleted, UserRestored } from "@visadesk/contract/users";
import { appUserDeletionMessages, appUserMessages } from "@visadesk/contract/users-constants";
import { brokenUniqueIndex } from "#api/db/errors";
import type { AppDeps } from "#api/deps";
import { localDate } from "#api/lib/clock";
import { Conflict, NotFound } from "#api/lib/errors";
import { countUpcomingAppointments } from "../../appointments/deleted-party";
import { deleteWithConsequences, restoreWithConsequences } from "../../appointments/party-deletion";
import { revokeSessionsOf } from "../../auth/service";
import { getUser } from "../user-answer";
import { findAppUser } from "./editing";
import { findUserEvenDeleted, restoreUser, softDeleteUser } from "./repository";

/** Deleting an app user (the fate of their upcoming appointments decided) and an Admin's restore. */
export function appUserDeletion(deps: AppDeps) {
  const { db, clock } = deps;
  return {
    /** Upcoming, not cancelled appointments that deleting the app user would leave behind. */
    async deletionImpact(guidId: string) {
      const user = await findAppUser(db.kysely, guidId);
      const today = localDate(clock.now(), deps.config.businessTimeZone);
      return {
        upcomingAppointments: await countUpcomingAppointments(
          db.kysely,
          { kind: "app user", userId: user.id },
          today,
        ),
      };
    },

    /**
     * Soft delete: the account leaves lists and counts, its sessions end. Its upcoming appointments follow
     * the consultants' rule (appointments/deleted-party.ts): cancelled with a reason (the customer and each
     * consultant mailed once the delete is committed) or kept, flagged customerDeleted.
     */
    async deleteAppUser(guidId: string, decision: DeletionChoice, by: string): Promise<AppUserDeleted> {
      const user = await findAppUser(db.kysely, guidId);
      return deleteWithConsequences(
        deps,
        {
          choice: decision.appointments,
          reason: decision.reason,
          now: clock.now(),
          by,
          deletedResult: appUserDeletionMessages.deletedResult,
        },
        {
          find: async () => ({ party: { kind: "app user", userId: user.id }, guidId: user.guidId }),
          remove: async (trx, _found, at) => {
            await softDeleteUser(trx, user.id, at);
            await revokeSessionsOf(trx, user.id, at);
          },
        },
      );
    },

    /**
     * An Admin's restore of a deleted app user, with everything the delete left in place (profile, images,
     * appointments). Its sessions stay ended. When another account took its username, email or CNIC
     * meanwhile, the unique index refuses the one UPDATE: 409 naming the field, and nothing is restored.
     */
    async restoreAppUser(guidId: string): Promise<UserRestored> {
      const user = await findUserEvenDeleted(db.kysely, guidId);
      if (user?.role !== "AppUser") throw new NotFound(appUserMessages.notFound);
      if (!user.deletedAt) throw new Conflict(appUserMessages.notDeleted);
      if (user.erasedAt) throw new Conflict(appUserMessages.erased);
      const deletedAt = user.deletedAt;
      const now = clock.now();
      const at = now.toISOString();
      let notRestored: string[] = [];
      try {
        await db.kysely.transaction().execute(async (trx) => {
          if (!(await restoreUser(trx, user.id, at))) throw new Conflict(appUserMessages.notDeleted);
          notRestored = await restoreWithConsequences(
            trx,
            { party: { kind: "app user", userId: user.id }, guidId: user.guidId, deletedAt },
            now,
            appUserDeletionMessages.deletedCancelled,
          );
        });
      } catch (error) {
        const index = brokenUniqueIndex(error);
        if (index === null) throw error;
        const field = index.includes("email") ? "email" : index.includes("cnic") ? "cnic" : "userName";
        throw new Conflict(appUserMessages.restoreTaken(field), field);
      }
      return {
        message: appUserMessages.restored,
        user: await getUser(db.kysely, guidId),
        notRestored: [appUserMessages.sessionsNotRestored, ...notRestored],
      };
    },
  };
}
