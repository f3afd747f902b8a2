import fs from "node:fs";
import pg from "pg";
import { say } from "./log";
import { type Figure, report } from "./report";
import { type Bench, type Side, shareTerms, signInAgain, startPair, startSide, stopSides } from "./side";
import { describeCounts, prefix } from "./sizes";

/**
 * Fresh PostgreSQL databases beside DATABASE_URL's, by name, dropped afterwards whatever happens;
 * `use` gets each one's address.
 */
export async function withDatabases<T>(
  databaseUrl: string,
  names: string[],
  use: (urlOf: (name: string) => string) => Promise<T>,
): Promise<T> {
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    for (const name of names) await admin.query(`create database ${name}`);
    return await use((name) => {
      const url = new URL(databaseUrl);
      url.pathname = `/${name}`;
      return url.toString();
    });
  } finally {
    for (const name of names) await admin.query(`drop database if exists ${name}`);
    await admin.end();
  }
}

/**
 * The small and the large side on two fresh PostgreSQL databases beside DATABASE_URL's, searching the
 * same rare words, measured by `measure`, then stopped and dropped.
 */
export async function onPostgresPair<T>(
  bench: Bench,
  databaseUrl: string,
  measure: (sides: Side[]) => Promise<T>,
): Promise<T> {
  const stamp = Date.now();
  const names = { small: `visadesk_bench_${stamp}_small`, large: `visadesk_bench_${stamp}_large` };
  return withDatabases(databaseUrl, Object.values(names), async (urlOf) => {
    const sides: Side[] = [];
    try {
      for (const name of ["small", "large"] as const) {
        say(`PostgreSQL server "${name}": loading ${describeCounts(bench.plan[name])}`);
        sides.push(await startSide(bench, name, urlOf(names[name])));
      }
      await signInAgain(sides);
      shareTerms(sides[0] as Side, sides[1] as Side);
      return await measure(sides);
    } finally {
      await stopSides(sides);
    }
  });
}

/**
 * An `--only` run of list-like figures: SQLite's two sides, then (with DATABASE_URL) the same figures on
 * PostgreSQL's; no web build. The results keep each engine's latencies under `key` and `postgresKey`.
 */
export async function sqliteThenPostgresRun(
  bench: Bench,
  key: string,
  figuresOf: (
    sides: Side[],
    engine: "SQLite" | "PostgreSQL",
  ) => Promise<{ figures: Figure[]; latency: unknown }>,
) {
  const { plan, work, dist } = bench;
  fs.mkdirSync(dist, { recursive: true });
  const sides: Side[] = [];
  try {
    await startPair(bench, sides);
    const sqlite = await figuresOf(sides, "SQLite");
    const figures: Figure[] = [...sqlite.figures];
    const extra: Record<string, unknown> = { [key]: sqlite.latency };
    await stopSides(sides.splice(0));
    const databaseUrl = process.env.DATABASE_URL;
    if (databaseUrl) {
      const postgres = await onPostgresPair(bench, databaseUrl, (pair) => figuresOf(pair, "PostgreSQL"));
      figures.push(...postgres.figures);
      extra[`postgres${key[0]?.toUpperCase()}${key.slice(1)}`] = postgres.latency;
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
