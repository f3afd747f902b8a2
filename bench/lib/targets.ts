import fs from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import type { Db } from "../../apps/api/src/db/database";
import { daysIntoWeek } from "../../apps/web/src/features/appointments/week";

export interface Targets {
  /** A surname searched for in the consultant list (a user types part of a name). */
  consultantTerm: string;
  appUserTerm: string;
  /** Four digits of an app user's CNIC, as staff type part of a number (the header search). */
  cnicFragment: string;
  /** The consultant with the most bookings, whose appointments are listed. */
  consultantGuid: string;
}

/** Picked once from the baseline data and kept for the large size, so both sizes ask the same. */
export async function chooseTargets(db: Db): Promise<Targets> {
  const surname = (names: (string | null)[]) =>
    names
      .map((name) => (name ?? "").split(" ").at(-1)?.toLowerCase() ?? "")
      .find((word) => /^[a-z]{5,}$/.test(word)) ?? "smith";
  const consultants = await db.kysely
    .selectFrom("consultants")
    .select("name")
    .orderBy("id")
    .limit(50)
    .execute();
  const appUsers = await db.kysely
    .selectFrom("users")
    .select(["lastName", "cnic"])
    .where("role", "=", "AppUser")
    .orderBy("id")
    .limit(50)
    .execute();
  const busiest = await db.kysely
    .selectFrom("appointments")
    .innerJoin("consultants", "consultants.id", "appointments.consultantId")
    .select("consultants.guidId")
    .groupBy(["appointments.consultantId", "consultants.guidId"])
    .orderBy(sql`count(*)`, "desc")
    .limit(1)
    .executeTakeFirstOrThrow();
  return {
    consultantTerm: surname(consultants.map((c) => c.name)),
    appUserTerm: surname(appUsers.map((u) => u.lastName)),
    // The four digits before the check digit of the tenth: a run many CNICs hold, as short fragments do.
    cnicFragment: (appUsers.at(9)?.cnic ?? appUsers[0]?.cnic ?? "0000").replace(/\D/g, "").slice(-5, -1),
    consultantGuid: busiest.guidId,
  };
}

/** The largest minified JavaScript file of the build, in KB. */
export function largestChunkKb(dist: string): number {
  const assets = path.join(dist, "assets");
  const sizes = fs
    .readdirSync(assets)
    .filter((file) => file.endsWith(".js"))
    .map((file) => fs.statSync(path.join(assets, file)).size);
  return Math.max(0, ...sizes) / 1024;
}

/** A consultant's week the calendar shows: its Sunday, the consultant, and how many appointments it holds. */
export interface CalendarWeek {
  weekStart: string;
  consultantGuid: string;
  appointments: number;
}

/** The first day of the calendar's week holding a YYYY-MM-DD date (the product's week start, not a copy). */
const weekStartOf = (date: string) => {
  const day = new Date(`${date.slice(0, 10)}T00:00:00Z`);
  return new Date(day.getTime() - daysIntoWeek(day.getUTCDay()) * 86_400_000).toISOString().slice(0, 10);
};

/**
 * The consultant's week holding the number of appointments closest to `wanted` (the busiest when none is
 * given): both sizes then paint the same amount, so what differs is only the table beneath.
 */
export async function chooseCalendarWeek(db: Db, wanted?: number): Promise<CalendarWeek> {
  const days = await db.kysely
    .selectFrom("appointments")
    .select(["consultantId", "appointmentDate", (eb) => eb.fn.countAll<number>().as("count")])
    .groupBy(["consultantId", "appointmentDate"])
    .execute();
  const weeks = new Map<string, { consultantId: number; weekStart: string; count: number }>();
  for (const day of days) {
    const weekStart = weekStartOf(String(day.appointmentDate));
    const key = `${day.consultantId}@${weekStart}`;
    const week = weeks.get(key) ?? { consultantId: day.consultantId, weekStart, count: 0 };
    week.count += Number(day.count);
    weeks.set(key, week);
  }
  const ranked = [...weeks.values()].sort((a, b) =>
    wanted === undefined
      ? b.count - a.count
      : Math.abs(a.count - wanted) - Math.abs(b.count - wanted) || a.consultantId - b.consultantId,
  );
  const chosen = ranked[0];
  if (!chosen) throw new Error("no appointments to show in the calendar");
  const consultant = await db.kysely
    .selectFrom("consultants")
    .select("guidId")
    .where("id", "=", chosen.consultantId)
    .executeTakeFirstOrThrow();
  return { weekStart: chosen.weekStart, consultantGuid: consultant.guidId, appointments: chosen.count };
}
