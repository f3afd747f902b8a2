import { afterAll, describe, expect, it } from "vitest";
import type { RunningServer } from "../bench/lib/server";
import { createAnchors, readSqlite, signInSessions, sleep, startApi, workFolder } from "./lib/harness";
import { Ledger } from "./lib/ledger";
import { Stats, summary } from "./lib/stats";
import { runLoad } from "./lib/workload";

const KILLS = Number(process.env.RELIABILITY_CRASH_KILLS ?? 12);
const CLIENTS = 8;

let server: RunningServer | undefined;
afterAll(() => server?.stop());

describe(`crash: SIGKILL ${KILLS} times during write load on SQLite`, () => {
  it("after every restart each acknowledged write is there and integrity_check says ok", {
    timeout: 420_000,
  }, async () => {
    const dataDir = workFolder("crash");
    server = await startApi({ dataDir });
    const sessions = await signInSessions(server.url, 2);
    const anchors = await createAnchors(server.url, sessions[0] ?? {}, 3);
    const target = { url: server.url };
    const ledger = new Ledger();
    const stats = new Stats();
    const restarts: number[] = [];
    const began = performance.now();

    for (let kill = 1; kill <= KILLS; kill += 1) {
      const stop = { stopped: false };
      const load = runLoad({
        target,
        sessions,
        clients: CLIENTS,
        seconds: 30,
        maxRequestsPerClient: 10_000,
        stop,
        mix: "writes",
        anchors,
        ledger,
        stats,
        policy: { interruptions: true },
      });
      // Somewhere between 0.3 and 1.5 s into the load, with requests in flight.
      await sleep(300 + Math.random() * 1200);
      stop.stopped = true; // no new request after the kill: only those in flight are cut
      const exit = await server.kill("SIGKILL");
      await load;
      await server.stop();
      expect(exit.signal, `kill ${kill}: the server ended by our SIGKILL, not by itself`).toBe("SIGKILL");

      const restarted = performance.now();
      server = await startApi({ dataDir });
      restarts.push(performance.now() - restarted);
      target.url = server.url;

      const { rows, integrity } = readSqlite(dataDir);
      expect(integrity, `kill ${kill}`).toBe("ok");
      expect(ledger.mismatches(rows).slice(0, 10), `kill ${kill}`).toEqual([]);
      ledger.settle(rows);
    }

    const interrupted = stats.expected.get("no answer: the server was killed") ?? 0;
    restarts.sort((a, b) => a - b);
    console.log(
      `[crash] ${KILLS} kills; ${summary(stats, (performance.now() - began) / 1000)}\n` +
        `[crash] acknowledged writes ${stats.ok} (creates ${stats.createsAcknowledged}), requests cut by a kill ` +
        `${interrupted}, records checked after each restart ${ledger.records.size}, median restart ` +
        `${((restarts[Math.floor(restarts.length / 2)] ?? 0) / 1000).toFixed(1)} s`,
    );
    expect(stats.unexpected.slice(0, 10)).toEqual([]);
    // The kills did land mid-request, and writes were acknowledged between them.
    expect(interrupted).toBeGreaterThan(0);
    expect(stats.ok).toBeGreaterThan(KILLS * 5);
  });
});
