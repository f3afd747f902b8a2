import fs from "node:fs";
import { parse } from "csv-parse";
import type { BulkCounts } from "../../apps/api/src/db/seed/generate";
import { withDatabases } from "../lib/engines";
import { fmt, say } from "../lib/log";
import { type Figure, limitFigure, report } from "../lib/report";
import { type Bench, type Side, startSide } from "../lib/side";
import { describeCounts, prefix, sizes } from "../lib/sizes";

/**
 * `--only export`: a server with many consultants and few of the rest (SQLite, then PostgreSQL with
 * DATABASE_URL set); the whole consultants export is downloaded as the browser would (streamed,
 * decompressed), while the server's resident memory is read every 50 ms. Its growth over the memory before the download is the figure: the rows must flow through,
 * not pile up.
 */
export async function exportRun(bench: Bench) {
  const counts = sizes(bench.quick ? 20_000 : 100_000, 1_000, 1_000);
  const figures: Figure[] = [];
  const extra: Record<string, unknown> = {};
  try {
    say(`server "large": loading ${describeCounts(counts)}`);
    const sqlite = await startSide(bench, "large", undefined, counts);
    try {
      const measured = await exportFigures(sqlite, counts, "SQLite");
      figures.push(...measured.figures);
      extra.export = measured.extra;
    } finally {
      await sqlite.server.stop();
      await sqlite.db.close();
    }
    const databaseUrl = process.env.DATABASE_URL;
    if (databaseUrl) {
      const name = `visadesk_bench_${Date.now()}_export`;
      await withDatabases(databaseUrl, [name], async (urlOf) => {
        say(`PostgreSQL server "large": loading ${describeCounts(counts)}`);
        const postgres = await startSide(bench, "large", urlOf(name), counts);
        try {
          const measured = await exportFigures(postgres, counts, "PostgreSQL");
          figures.push(...measured.figures);
          extra.postgresExport = measured.extra;
        } finally {
          await postgres.server.stop();
          await postgres.db.close();
        }
      });
    }
    report(bench, { sizes: prefix("large", counts), figures, extra });
  } finally {
    fs.rmSync(bench.work, { recursive: true, force: true });
  }
}

/** The whole consultants export from one server: rows per second and its resident memory's growth. */
async function exportFigures(side: Side, counts: BulkCounts, engine: string) {
  const server = side.server;
  // Warm the route (its code and statements) so the figure is the download, not the first call.
  await (
    await fetch(`${server.url}/api/v2/Consultants/consultants/export?search=zzzz`, {
      headers: side.headers,
    })
  ).text();
  const before = server.rssMb() ?? 0;
  let peak = before;
  // What the peak is made of: the process's own memory (heap, buffers, SQLite's page cache) and file pages.
  let peakParts = residentParts(server.pid);
  const sampler = setInterval(() => {
    const rss = server.rssMb() ?? 0;
    if (rss > peak) {
      peak = rss;
      peakParts = residentParts(server.pid);
    }
  }, 50);
  const partsBefore = residentParts(server.pid);
  const started = performance.now();
  const response = await fetch(`${server.url}/api/v2/Consultants/consultants/export?sort=name`, {
    headers: { ...side.headers, "accept-encoding": "gzip" },
  });
  if (!response.ok || !response.body) throw new Error(`export answered ${response.status}`);
  // Records, not lines: a quoted cell may hold a line break.
  let records = 0;
  const parser = parse({ bom: true });
  parser.on("data", () => {
    records += 1;
  });
  const parsed = new Promise((resolve, reject) => parser.on("end", resolve).on("error", reject));
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (!parser.write(value)) await new Promise((resolve) => parser.once("drain", resolve));
  }
  parser.end();
  await parsed;
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const rows = records - 1;
  if (rows !== counts.consultants) throw new Error(`export gave ${rows} rows, not ${counts.consultants}`);
  const figures: Figure[] = [
    // Reported, not judged: the issue sets no goal on the export's speed.
    {
      figure: `export: consultants per second (${engine})`,
      unit: "rows/s",
      value: Math.round(rows / seconds),
      goal: "-",
      met: undefined,
    },
    limitFigure(
      `export: server RSS growth while streaming (${engine})`,
      "MB",
      Math.round((peak - before) * 10) / 10,
      50,
      undefined,
      `${fmt(rows)} rows in ${seconds.toFixed(1)} s; RSS ${before.toFixed(0)} MB before, ${peak.toFixed(0)} MB at most ` +
        `(anonymous ${partsBefore.anonMb.toFixed(0)} -> ${peakParts.anonMb.toFixed(0)} MB, file ${partsBefore.fileMb.toFixed(0)} -> ${peakParts.fileMb.toFixed(0)} MB)`,
    ),
  ];
  return {
    figures,
    extra: { rows, seconds, rssBeforeMb: before, rssPeakMb: peak, partsBefore, peakParts },
  };
}

/** Resident memory of a process by kind (Linux /proc): anonymous (heap, buffers) and file-backed pages. */
function residentParts(pid: number) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const mb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) / 1024;
    return { anonMb: mb("RssAnon"), fileMb: mb("RssFile") };
  } catch {
    return { anonMb: 0, fileMb: 0 };
  }
}
