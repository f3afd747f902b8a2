import type { DashboardStats } from "@visadesk/contract/dashboard";
import type { Db } from "../../db/database";
import { type Clock, localDate } from "../../lib/clock";

/**
 * The UTC instant at which the current month began in the business time zone, so that accounts created
 * late on the last day of the previous month (UTC) are not counted as this month's.
 */
export function startOfLocalMonth(at: Date, timeZone: string): string {
  const firstDay = `${localDate(at, timeZone).slice(0, 8)}01`;
  const asUtc = new Date(`${firstDay}T00:00:00Z`);
  const formatter = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  });
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(formatter.formatToParts(asUtc).find((p) => p.type === type)?.value ?? 0);
  const wallClock = Date.UTC(
    part("year"),
    part("month") - 1,
    part("day"),
    part("hour"),
    part("minute"),
    part("second"),
  );
  return new Date(asUtc.getTime() - (wallClock - asUtc.getTime())).toISOString();
}

/** Counts of records that are not deleted; internal users are every listed account without AppUser. */
export function createDashboardService(deps: { db: Db; clock: Clock; businessTimeZone: string }) {
  const { kysely } = deps.db;
  const count = (row: { count: number | string | bigint }) => Number(row.count);

  return {
    async stats(): Promise<DashboardStats> {
      const monthStart = startOfLocalMonth(deps.clock.now(), deps.businessTimeZone);
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
