import fs from "node:fs";
import { sql } from "kysely";
import { localDate } from "../../apps/api/src/lib/clock";
import { onPostgresPair } from "../lib/engines";
import { alternate, latencyFigure } from "../lib/latency";
import { fmt, say } from "../lib/log";
import { type Figure, report } from "../lib/report";
import { type Bench, type Side, startPair, stopSides, TIME_ZONE } from "../lib/side";
import { prefix, vs } from "../lib/sizes";

/** The longest range one availability request may ask for (AVAILABILITY_MAX_DAYS). */
const AVAILABILITY_DAYS = 62;

/**
 * Figure 9: the free times of the busiest consultant (whose bookings grow the most with the table) for
 * 62 days from today, p95 on both sides; goal: at most twice the baseline's.
 */
export async function availabilityFigure(bench: Bench, sides: Side[], engine: string) {
  const today = localDate(new Date(), TIME_ZONE);
  const last = new Date(Date.parse(`${today}T00:00:00Z`) + (AVAILABILITY_DAYS - 1) * 86_400_000)
    .toISOString()
    .slice(0, 10);
  say(`availability of one consultant, ${today} to ${last} (${engine})`);
  const latency = await alternate(
    bench.plan,
    sides,
    (side) => `/api/v2/Consultants/${side.targets.consultantGuid}/availability?from=${today}&to=${last}`,
  );
  const booked = await Promise.all(sides.map((side) => bookingsOf(side)));
  latency.note ??= `the consultant's bookings ${fmt(booked[0] ?? 0)} then ${fmt(booked[1] ?? 0)}; p50 ${latency.p50?.small?.toFixed(1)} then ${latency.p50?.large?.toFixed(1)} ms`;
  const figure = latencyFigure(
    `9. availability of a consultant, ${AVAILABILITY_DAYS} days, p95, ${vs(bench.plan, "appointments")} appointments (${engine})`,
    latency,
    2,
  );
  return { figure, latency };
}

/** How many appointments the measured consultant holds on one side. */
async function bookingsOf(side: Side): Promise<number> {
  const row = await side.db.kysely
    .selectFrom("appointments")
    .innerJoin("consultants", "consultants.id", "appointments.consultantId")
    .select(sql<number>`count(*)`.as("count"))
    .where("consultants.guidId", "=", side.targets.consultantGuid)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** `--only availability`: figure 9 on SQLite, and on PostgreSQL with DATABASE_URL set; no web build. */
export async function availabilityRun(bench: Bench) {
  const { plan, work, dist } = bench;
  fs.mkdirSync(dist, { recursive: true });
  const sides: Side[] = [];
  try {
    await startPair(bench, sides);
    const sqlite = await availabilityFigure(bench, sides, "SQLite");
    const figures: Figure[] = [sqlite.figure];
    const extra: Record<string, unknown> = { availability: sqlite.latency };
    await stopSides(sides.splice(0));
    const databaseUrl = process.env.DATABASE_URL;
    if (databaseUrl) {
      const postgres = await onPostgresPair(bench, databaseUrl, (pair) =>
        availabilityFigure(bench, pair, "PostgreSQL"),
      );
      figures.push(postgres.figure);
      extra.postgresAvailability = postgres.latency;
    }
    report(bench, {
      sizes: { ...prefix("small", plan.small), ...prefix("large", plan.large) },
      figures,
      extra,
    });
  } finally {
    await stopSides(sides);
    fs.rmSync(work, { recursive: true, force: true });
  }
}
