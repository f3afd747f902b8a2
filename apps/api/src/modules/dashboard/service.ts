import type { DashboardStats } from "@visadesk/contract/dashboard";
import type { Db } from "../../db/database";
import { type Clock, localDate } from "../../lib/clock";

/** Counts of records that are not deleted; internal users are every listed account without AppUser. */
export function createDashboardService(deps: { db: Db; clock: Clock; businessTimeZone: string }) {
  const { kysely } = deps.db;
  const count = (row: { count: number | string | bigint }) => Number(row.count);

  return {
    async stats(): Promise<DashboardStats> {
      const monthStart = `${localDate(deps.clock.now(), deps.businessTimeZone).slice(0, 8)}01`;
      const [consultants, users, appointments] = await Promise.all([
        kysely
          .selectFrom("consultants")
          .select((eb) => eb.fn.countAll<number>().as("count"))
          .where("deletedAt", "is", null)
          .executeTakeFirstOrThrow(),
        kysely
          .selectFrom("users")
          .select((eb) => [
            eb.fn.countAll<number>().filterWhere("role", "=", "AppUser").as("appUsers"),
            eb.fn.countAll<number>().filterWhere("role", "!=", "AppUser").as("systemUsers"),
            eb.fn
              .countAll<number>()
              .filterWhere((w) => w.and([w("role", "=", "AppUser"), w("createdAt", ">=", monthStart)]))
              .as("newUsersInMonth"),
          ])
          .where("deletedAt", "is", null)
          .where("status", "!=", "rejected")
          .executeTakeFirstOrThrow(),
        kysely
          .selectFrom("appointments")
          .select((eb) => eb.fn.countAll<number>().as("count"))
          .executeTakeFirstOrThrow(),
      ]);
      return {
        consultants: count(consultants),
        appUsers: Number(users.appUsers),
        systemUsers: Number(users.systemUsers),
        appUserAppoints: count(appointments),
        newUsersInMonth: Number(users.newUsersInMonth),
      };
    },
  };
}
