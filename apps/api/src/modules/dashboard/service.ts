import type { DashboardStats } from "@visadesk/contract/dashboard";
import type { Db } from "#api/db/database";
import { readRowCounts, sumRowCountsFrom } from "#api/db/list-total";
import { type Clock, localDate } from "#api/lib/clock";
import { countAppUsersCreated } from "../users/queries";

/** The day counters of the app accounts created (migration 007): "app_users_created:<day>". */
const CREATED_PREFIX = "app_users_created:";

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

/**
 * Counts of records that are not deleted; internal users are every listed account without AppUser.
 * Every figure is read from the counters the database keeps in the transaction of each change
 * (migration 007), so the dashboard costs the same at any size. The accounts of this month are the days
 * after the month's first UTC day, summed from their day counters, plus that first day's accounts from
 * the month's start on, counted by the users_app_created index.
 */
export function createDashboardService(deps: {
  db: Db;
  clock: Pick<Clock, "now">;
  businessTimeZone: string;
}) {
  const { db } = deps;
  return {
    async stats(): Promise<DashboardStats> {
      const monthStart = startOfLocalMonth(deps.clock.now(), deps.businessTimeZone);
      const firstDay = monthStart.slice(0, 10);
      const nextDay = new Date(Date.parse(`${firstDay}T00:00:00Z`) + 86_400_000).toISOString();
      const [counts, laterDays, firstDayAccounts] = await Promise.all([
        readRowCounts(db.kysely, ["consultants", "users.AppUser", "users.internal", "appointments"]),
        sumRowCountsFrom(db.kysely, CREATED_PREFIX, nextDay.slice(0, 10)),
        countAppUsersCreated(db, monthStart, nextDay),
      ]);
      return {
        consultants: counts.consultants,
        appUsers: counts["users.AppUser"],
        systemUsers: counts["users.internal"],
        appUserAppoints: counts.appointments,
        newUsersInMonth: laterDays + firstDayAccounts,
      };
    },
  };
}
