import {
  type ConcurrentResult,
  concurrentCustomers,
  deepCursor,
  directoryRequests,
  directorySurname,
} from "../lib/customers";
import { sqliteThenPostgresRun } from "../lib/engines";
import { alternate, type Latency, latencyFigure } from "../lib/latency";
import { fmt, k, say } from "../lib/log";
import { type Figure, limitFigure } from "../lib/report";
import type { Bench, Side } from "../lib/side";
import { vs } from "../lib/sizes";

/** How many pages of 20 the deep cursor page lies beyond (1,000 consultants in, on both sides). */
const DEEP_PAGES = 50;

/**
 * The customer directory p95 on both sides of one engine (goal: at most 3 times the baseline), then, with
 * `--only directory`, the concurrent customers on the large side.
 */
export async function directoryFigures(bench: Bench, sides: Side[], engine: string) {
  const { plan } = bench;
  const figures: Figure[] = [];
  const latency: Record<string, Latency> = {};
  const surname = await directorySurname((sides[0] as Side).db);
  say(`directory (${engine}): surname "${surname}"`);
  const cursors = new Map<Side["name"], string>();
  for (const side of sides) cursors.set(side.name, await deepCursor(side.server.url, DEEP_PAGES));
  const requests = [
    ...directoryRequests(surname).map((request) => ({ ...request, url: () => request.url })),
    {
      figure: `directory, page ${DEEP_PAGES + 1} by its cursor`,
      url: (side: Side) => `/api/customer/v1/consultants?limit=20&cursor=${cursors.get(side.name)}`,
    },
  ];
  for (const request of requests) {
    const measured = await alternate(plan, sides, request.url);
    latency[request.figure] = measured;
    figures.push(latencyFigure(`${request.figure} p95, ${vs(plan, "consultants")} (${engine})`, measured, 3));
  }
  if (bench.only === "directory") {
    // The concurrent customers' run: how many, and for how long.
    const customers = bench.quick ? { count: 30, seconds: 20 } : { count: 100, seconds: 60 };
    const large = sides.find((side) => side.name === "large") as Side;
    say(
      `${customers.count} customers at once for ${customers.seconds} s (${engine}, ${k(plan.large.consultants)})`,
    );
    const run = await concurrentCustomers({
      url: large.server.url,
      db: large.db,
      customers: customers.count,
      seconds: customers.seconds,
    });
    figures.push(...concurrentFigures(bench, run, engine));
    Object.assign(latency, { concurrent: run });
  }
  return { figures, latency };
}

/** The concurrent run as figures: its errors and double bookings (goal 0 each), each kind's p95 noted. */
function concurrentFigures(bench: Bench, run: ConcurrentResult, engine: string): Figure[] {
  const p95 = Object.entries(run.p95)
    .map(([kind, ms]) => `${kind} ${ms === undefined ? "n/a" : ms.toFixed(0)} ms`)
    .join(", ");
  const name = `${run.customers} customers for ${run.seconds.toFixed(0)} s, ${k(bench.plan.large.consultants)} consultants (${engine})`;
  say(`  ${fmt(run.requests)} requests, p95 ${p95}; booked ${run.booked}, cancelled ${run.cancelled}`);
  say(`  answers: ${JSON.stringify(run.statuses)}`);
  for (const sample of run.errorSamples) say(`  error: ${sample}`);
  return [
    limitFigure(
      `${name}: errors`,
      "errors",
      run.errors,
      0,
      undefined,
      `${fmt(run.requests)} requests; p95 ${p95}; ${run.booked} booked, ${run.cancelled} cancelled`,
    ),
    limitFigure(`${name}: double bookings`, "pairs", run.doubleBookings, 0),
  ];
}

/** `--only directory`: the directory figures and the concurrent customers, SQLite then PostgreSQL. */
export function directoryRun(bench: Bench) {
  return sqliteThenPostgresRun(bench, "directory", (sides, engine) => directoryFigures(bench, sides, engine));
}
