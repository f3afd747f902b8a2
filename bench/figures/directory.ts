import { deepCursor, directoryRequests, directorySurname } from "../lib/customers";
import { sqliteThenPostgresRun } from "../lib/engines";
import { alternate, type Latency, latencyFigure } from "../lib/latency";
import { say } from "../lib/log";
import type { Figure } from "../lib/report";
import type { Bench, Side } from "../lib/side";
import { vs } from "../lib/sizes";
import { customersAtOnceFigures } from "./customers-at-once";

/** How many pages of 20 the deep cursor page lies beyond (1,000 consultants in, on both sides). */
const DEEP_PAGES = 50;

/**
 * The customer directory p95 on both sides of one engine (goal: at most 3 times the baseline), then, with
 * `--only directory`, customers at once on the large side (figures/customers-at-once.ts).
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
    figures.push(
      ...(await customersAtOnceFigures(bench, sides.find((side) => side.name === "large") as Side, engine)),
    );
  }
  return { figures, latency };
}

/** `--only directory`: the directory figures and the concurrent customers, SQLite then PostgreSQL. */
export function directoryRun(bench: Bench) {
  return sqliteThenPostgresRun(bench, "directory", (sides, engine) => directoryFigures(bench, sides, engine));
}
