import fs from "node:fs";
import path from "node:path";
import { startBalancer } from "../lib/balancer";
import { type ConcurrentResult, concurrentCustomers } from "../lib/customers";
import { fmt, k, say } from "../lib/log";
import { type Figure, limitFigure, ratioFigure } from "../lib/report";
import { startServer } from "../lib/server";
import { type Bench, type Side, serverEnv } from "../lib/side";

/**
 * How far a kind's p95 with many customers may be from its p95 with few, in the same run: a closed loop of
 * 10 times the customers on the same cores queues about 10 times as long; past 15 the server degrades worse
 * than its queue (starved connections, a lock convoy).
 */
const P95_RATIO_AT_MOST = 15;

/**
 * Customers browsing and booking at once on the large side (directory, profile, a week of free times, book,
 * cancel half): first the baseline's few, then the many, each for the same time. Figures: errors and double
 * bookings of the many (goal 0), and each kind's p95 as a ratio against the few. On PostgreSQL, then the
 * same many through HAProxy in front of two instances against the one: on a 2-core machine both instances
 * share the cores, so this shows correctness (no errors, no double booking across instances) more than
 * scaling.
 */
export async function customersAtOnceFigures(bench: Bench, large: Side, engine: string): Promise<Figure[]> {
  const size = bench.quick ? { few: 5, many: 30, seconds: 20 } : { few: 10, many: 100, seconds: 60 };
  const run = async (customers: number, url = large.server.url) => {
    say(
      `${customers} customers at once for ${size.seconds} s (${engine}, ${k(bench.plan.large.consultants)})`,
    );
    const result = await concurrentCustomers({ url, db: large.db, customers, seconds: size.seconds });
    sayRun(result);
    return result;
  };
  const few = await run(size.few);
  const many = await run(size.many);
  const name = `${many.customers} customers for ${many.seconds.toFixed(0)} s, ${k(bench.plan.large.consultants)} consultants (${engine})`;
  const figures: Figure[] = [
    limitFigure(`${name}: errors`, "errors", many.errors, 0, undefined, `${fmt(many.requests)} requests`),
    limitFigure(`${name}: double bookings`, "pairs", many.doubleBookings, 0),
    ...Object.keys(many.p95).map((kind) =>
      ratioFigure(
        `${name}: ${kind} p95 against ${few.customers} customers`,
        "ms",
        many.p95[kind],
        few.p95[kind],
        { atMost: P95_RATIO_AT_MOST },
      ),
    ),
  ];
  if (large.databaseUrl) {
    const pair = await behindBalancer(bench, large, large.databaseUrl, (url) => run(size.many, url));
    figures.push(
      limitFigure(`${name}, two instances behind HAProxy: errors`, "errors", pair.errors, 0),
      limitFigure(`${name}, two instances behind HAProxy: double bookings`, "pairs", pair.doubleBookings, 0),
      ratioFigure(
        `${name}, two instances behind HAProxy: requests per second against one instance`,
        "req/s",
        pair.requests / pair.seconds,
        many.requests / many.seconds,
        { atLeast: 0.5 },
        "both instances share the same 2 cores: a check that nothing breaks, not a capacity plan",
      ),
    );
  }
  return figures;
}

/** A second instance on the large side's database, and HAProxy in front of both, for one run. */
async function behindBalancer(
  bench: Bench,
  large: Side,
  databaseUrl: string,
  runThrough: (url: string) => Promise<ConcurrentResult>,
): Promise<ConcurrentResult> {
  const folder = fs.mkdtempSync(path.join(bench.work, "replicas-"));
  const second = await startServer({
    root: path.resolve(import.meta.dirname, "../.."),
    env: { ...serverEnv(bench.dist), DATA_DIR: folder, DATABASE_URL: databaseUrl },
    logFile: path.join(folder, "second.log"),
  });
  const port = (url: string) => Number(new URL(url).port);
  const balancer = await startBalancer(folder, [
    { name: "one", port: port(large.server.url) },
    { name: "two", port: port(second.url) },
  ]);
  try {
    return await runThrough(balancer.url);
  } finally {
    await balancer.stop();
    await second.stop();
  }
}

function sayRun(run: ConcurrentResult) {
  const p95 = Object.entries(run.p95)
    .map(([kind, ms]) => `${kind} ${ms === undefined ? "n/a" : ms.toFixed(0)} ms`)
    .join(", ");
  say(`  ${fmt(run.requests)} requests, p95 ${p95}; booked ${run.booked}, cancelled ${run.cancelled}`);
  say(`  answers: ${JSON.stringify(run.statuses)}`);
  for (const sample of run.errorSamples) say(`  error: ${sample}`);
}
