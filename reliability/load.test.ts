import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningServer } from "../bench/lib/server";
import { cpuSeconds, createAnchors, readSqlite, signInSessions, startApi, workFolder } from "./lib/harness";
import { Ledger } from "./lib/ledger";
import { Stats, summary } from "./lib/stats";
import { runLoad } from "./lib/workload";

const CLIENTS = 50;
const SECONDS = Number(process.env.RELIABILITY_LOAD_SECONDS ?? 30);

let server: RunningServer;
const dataDir = workFolder("load");
beforeAll(async () => {
  server = await startApi({ dataDir });
});
afterAll(() => server?.stop());

describe(`mixed load on SQLite: ${CLIENTS} clients for ${SECONDS} s`, () => {
  it("answers every request as expected and keeps every acknowledged create", async () => {
    const sessions = await signInSessions(server.url, 5);
    const anchors = await createAnchors(server.url, sessions[0] ?? {}, 5);
    const ledger = new Ledger();
    const stats = new Stats();
    const began = performance.now();
    const cpuBefore = cpuSeconds(server.pid);
    await runLoad({
      target: { url: server.url },
      sessions,
      clients: CLIENTS,
      seconds: SECONDS,
      maxRequestsPerClient: 100_000,
      mix: "mixed",
      anchors,
      ledger,
      stats,
    });
    const seconds = (performance.now() - began) / 1000;
    const cpuMs = ((cpuSeconds(server.pid) - cpuBefore) * 1000) / stats.requests;
    const { rows, integrity } = readSqlite(dataDir);
    const mismatches = ledger.mismatches(rows);
    console.log(
      `[load] ${summary(stats, seconds)}\n[load] mean time by action: ${stats.meanByAction()}\n[load] creates acknowledged ${stats.createsAcknowledged}, ` +
        `of which not deleted since ${ledger.acknowledgedPresent()}, found in the database ` +
        `${ledger.acknowledgedFound(rows)}; records that differ from the acknowledged ` +
        `writes: ${mismatches.length}; integrity_check: ${integrity}; server CPU ${cpuMs.toFixed(1)} ms a request; server RSS ${server.rssMb()?.toFixed(0)} MB`,
    );

    expect(stats.unexpected.slice(0, 10)).toEqual([]);
    expect(mismatches.slice(0, 10)).toEqual([]);
    expect(ledger.acknowledgedFound(rows)).toBe(ledger.acknowledgedPresent());
    expect(integrity).toBe("ok");
    // The run did real work of every kind: a silent client would make the checks above vacuous.
    expect(stats.createsAcknowledged).toBeGreaterThan(CLIENTS);
    for (const action of [
      "read",
      "edit consultant",
      "delete appointment",
      "create app user",
      "delete app user",
    ]) {
      expect(stats.byAction.get(action) ?? 0, action).toBeGreaterThan(0);
    }
  });
});
