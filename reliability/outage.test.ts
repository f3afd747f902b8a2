import { serverMessages } from "@visadesk/contract/common-constants";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import type { RunningServer } from "../bench/lib/server";
import { clusterOutage, type DatabaseOutage, proxyOutage } from "./lib/database-outage";
import {
  createAnchors,
  freshPostgresDatabase,
  readPostgres,
  signInSessions,
  sleep,
  startApi,
  workFolder,
} from "./lib/harness";
import { Ledger } from "./lib/ledger";
import { DATABASE_UNAVAILABLE, Stats, summary } from "./lib/stats";
import { runLoad } from "./lib/workload";

/**
 * PostgreSQL is taken away for 10 s under load. With RELIABILITY_PG_CLUSTER ("15 main", as CI sets it) the
 * real cluster is stopped and started; without it, a TCP proxy cuts the server off (see database-outage.ts).
 */
const BASE_URL = process.env.DATABASE_URL;
const CLUSTER = process.env.RELIABILITY_PG_CLUSTER;
const OUTAGE_MS = 10_000;
const RECOVERY_MS = 5_000;

let server: RunningServer | undefined;
let outage: DatabaseOutage | undefined;
let database: Awaited<ReturnType<typeof freshPostgresDatabase>> | undefined;
afterAll(async () => {
  await outage?.start(); // whatever happened, PostgreSQL is given back
  await server?.stop();
  await outage?.close();
  await database?.drop();
});

interface HealthSample {
  at: number;
  status: number;
  body: Record<string, unknown>;
}

describe("PostgreSQL stopped for 10 s during load", () => {
  it("answers 503 with a clear message meanwhile, says so on /api/health, and recovers by itself", async () => {
    if (!BASE_URL) throw new Error("The outage test runs on PostgreSQL: set DATABASE_URL (postgres://...).");
    database = await freshPostgresDatabase(BASE_URL, "visadesk_outage");
    outage = CLUSTER ? clusterOutage(CLUSTER, database.url) : await proxyOutage(database.url);
    server = await startApi({ dataDir: workFolder("outage"), databaseUrl: outage.serverUrl });
    const api = server;
    const sessions = await signInSessions(api.url, 2);
    const anchors = await createAnchors(api.url, sessions[0] ?? {}, 3);
    const ledger = new Ledger();
    const stats = new Stats();
    const stop = { stopped: false };

    const health: HealthSample[] = [];
    const polling = (async () => {
      while (!stop.stopped) {
        const response = await fetch(`${api.url}/api/health`, { signal: AbortSignal.timeout(10_000) });
        health.push({ at: Date.now(), status: response.status, body: await response.json() });
        await sleep(200);
      }
    })();
    const began = performance.now();
    const load = runLoad({
      target: { url: api.url },
      sessions,
      clients: 10,
      seconds: 60,
      maxRequestsPerClient: 100_000,
      stop,
      mix: "mixed",
      anchors,
      ledger,
      stats,
      policy: { databaseOutage: true },
    });

    await sleep(4_000);
    const stopping = Date.now();
    await outage.stop(); // stopping the real cluster takes a moment: its checkpoint
    const stoppedAt = Date.now();
    await sleep(OUTAGE_MS);
    // Measured from the start command: PostgreSQL accepts connections somewhere before it returns, so
    // the outage window ends here and recovery time includes PostgreSQL's own start-up (the strict reading).
    const backAt = Date.now();
    await outage.start();
    while (Date.now() - backAt < RECOVERY_MS + 5_000 && health.at(-1)?.status !== 200) await sleep(100);
    await sleep(RECOVERY_MS + 1_000); // load goes on after recovery
    stop.stopped = true;
    await Promise.all([load, polling]);
    const seconds = (performance.now() - began) / 1000;

    const during = health.filter((s) => s.at > stoppedAt && s.at < backAt);
    const recovered = health.find((s) => s.at > backAt && s.status === 200);
    const unavailableAt = stats.expectedAt.get(DATABASE_UNAVAILABLE) ?? [];
    const lastUnavailable = Math.max(0, ...unavailableAt);
    const rows = await readPostgres(database.url);
    const mismatches = ledger.mismatches(rows);
    console.log(
      `[outage] ${outage.method} (stop took ${stoppedAt - stopping} ms); ${summary(stats, seconds)}\n` +
        `[outage] health during the outage: ${during.map((s) => s.status).join(",")}; ` +
        `health 200 again ${recovered ? recovered.at - backAt : "never"} ms after PostgreSQL's start began; ` +
        `last 503 of the load ${lastUnavailable ? lastUnavailable - backAt : "-"} ms after it; ` +
        `creates acknowledged ${stats.createsAcknowledged}, records differing from acknowledged writes ${mismatches.length}`,
    );

    // Meanwhile: 503 with the message, on the routes and on the health check, and nothing unexpected.
    expect(stats.unexpected.slice(0, 10)).toEqual([]);
    expect(unavailableAt.length).toBeGreaterThan(0);
    expect(during.length).toBeGreaterThan(10);
    for (const sample of during) {
      expect(sample).toMatchObject({
        status: 503,
        body: { status: "unavailable", database: "unreachable", message: serverMessages.databaseUnavailable },
      });
    }
    // Recovery by itself, within 5 s of PostgreSQL's return, and every acknowledged write kept.
    expect(recovered, "health answers 200 again").toBeDefined();
    expect((recovered?.at ?? Number.POSITIVE_INFINITY) - backAt).toBeLessThan(RECOVERY_MS);
    expect(lastUnavailable - backAt).toBeLessThan(RECOVERY_MS);
    expect(mismatches.slice(0, 10)).toEqual([]);
    expect(api.exited()).toBe(false);

    // SIGTERM ends the pool too: no connection of the server is left on the database.
    const exit = await api.kill("SIGTERM");
    expect(exit).toEqual({ code: 0, signal: null });
    // The process has exited, so its sockets are closed; PostgreSQL ends each backend a moment after its
    // client hangs up, so its own view is read until it agrees (2 s at most).
    const admin = new pg.Client({ connectionString: BASE_URL });
    await admin.connect();
    let left = Number.POSITIVE_INFINITY;
    for (const deadline = Date.now() + 2_000; left > 0 && Date.now() < deadline; ) {
      const found = await admin.query("select count(*)::int as n from pg_stat_activity where datname = $1", [
        database.name,
      ]);
      left = found.rows[0].n;
      if (left > 0) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await admin.end();
    expect(left).toBe(0);
  });
});
