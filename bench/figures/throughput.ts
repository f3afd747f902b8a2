import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createDb, type Db } from "../../apps/api/src/db/database";
import { generateBulkData } from "../../apps/api/src/db/seed/generate";
import { withDatabases } from "../lib/engines";
import { load, warmUp } from "../lib/load";
import { k, say } from "../lib/log";
import { type Figure, limitFigure, ratioFigure, report } from "../lib/report";
import { type RunningServer, startServer } from "../lib/server";
import { type Bench, root, type Side, serverEnv, signInAsAdmin, startSide, TIME_ZONE } from "../lib/side";
import { describeCounts, prefix } from "../lib/sizes";
import { chooseTargets } from "../lib/targets";

/** Requests per second of the consultant by id and of the bare route, in alternating rounds. */
export async function measureThroughput(bench: Bench, side: Side) {
  const consultantUrl = `${side.server.url}/api/v2/Consultants/${side.targets.consultantGuid}`;
  // The constant liveness route: /api/health itself asks the database since it became a readiness check.
  const healthUrl = `${side.server.url}/api/health/live`;
  await warmUp(healthUrl);
  await warmUp(consultantUrl, side.headers);
  let health = 0;
  let consultant = 0;
  let failures = 0;
  const rounds = 2;
  const duration = bench.plan.seconds;
  for (let round = 0; round < rounds; round += 1) {
    health += (await load({ url: healthUrl, connections: 10, duration })).requestsPerSecond / rounds;
    const run = await load({ url: consultantUrl, headers: side.headers, connections: 10, duration });
    consultant += run.requestsPerSecond / rounds;
    failures += run.failures;
  }
  return { health, consultant: failures > 0 ? undefined : consultant };
}

/** Figure 1 on one engine: the consultant by id must keep at least half the bare route's rate. */
export function throughputFigure(
  throughput: Awaited<ReturnType<typeof measureThroughput>>,
  engine: string,
): Figure {
  return ratioFigure(
    `1. GET Consultants/{id} vs /api/health/live (${engine})`,
    "req/s",
    throughput.consultant,
    throughput.health,
    { atLeast: 0.5 },
  );
}

/** The same throughput figure on a fresh PostgreSQL database (the small size) beside DATABASE_URL's. */
export async function postgresThroughput(bench: Bench, databaseUrl: string): Promise<Figure> {
  const name = `visadesk_bench_${Date.now()}`;
  return withDatabases(databaseUrl, [name], async (urlOf) => {
    const url = urlOf(name);
    let db: Db | undefined;
    let server: RunningServer | undefined;
    try {
      say("PostgreSQL: consultant by id against the bare health route");
      // The server migrates the fresh database and creates its first Admin before any data goes in.
      const env = { ...serverEnv(bench.dist), DATA_DIR: os.tmpdir(), DATABASE_URL: url };
      server = await startServer({ root, env, logFile: path.join(os.tmpdir(), `${name}.log`) });
      db = createDb({ databaseUrl: url, dataDir: os.tmpdir() });
      const loaded = await generateBulkData(db, bench.plan.small, { businessTimeZone: TIME_ZONE, seed: 42 });
      const session = await signInAsAdmin(server.url);
      const side: Side = {
        name: "small",
        server,
        db,
        session,
        loaded,
        targets: await chooseTargets(db),
        headers: session.headers,
      };
      return throughputFigure(await measureThroughput(bench, side), "PostgreSQL");
    } finally {
      await server?.stop();
      await db?.close();
    }
  });
}

/** `--only throughput`: figure 1 and the RSS after it on SQLite, figure 1 on PostgreSQL with DATABASE_URL set. */
export async function throughputRun(bench: Bench) {
  const { plan, work, dist } = bench;
  fs.mkdirSync(dist, { recursive: true });
  let side: Side | undefined;
  try {
    say(`server "large": loading ${describeCounts(plan.large)}`);
    side = await startSide(bench, "large");
    say("throughput: consultant by id against the bare health route");
    const throughput = await measureThroughput(bench, side);
    const rssAfterThroughput = side.server.rssMb();
    await side.server.stop();
    await side.db.close();
    side = undefined;
    const figures: Figure[] = [
      throughputFigure(throughput, "SQLite"),
      limitFigure(
        `6. server RSS after the throughput run, ${k(plan.large.consultants)}`,
        "MB",
        rssAfterThroughput,
        250,
      ),
    ];
    const databaseUrl = process.env.DATABASE_URL;
    if (databaseUrl) figures.push(await postgresThroughput(bench, databaseUrl));
    report(bench, {
      sizes: prefix("large", plan.large),
      figures,
      extra: { throughput, rssAfterThroughput },
    });
  } finally {
    await side?.server.stop();
    await side?.db.close();
    fs.rmSync(work, { recursive: true, force: true });
  }
}
