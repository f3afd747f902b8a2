import fs from "node:fs";
import { sql } from "kysely";
import type { Db } from "../../apps/api/src/db/database";
import { withDatabases } from "../lib/engines";
import { alternate, type Latency, latencyFigure } from "../lib/latency";
import { fmt, k, say } from "../lib/log";
import { type Figure, report } from "../lib/report";
import { type Bench, printLogTails, type Side, startSide, stopSides } from "../lib/side";
import { sizes } from "../lib/sizes";

/** The audit rows of each side: few on the small one, a million (a long-lived product's) on the large. */
const auditRows = (quick: boolean) => ({ small: 1_000, large: quick ? 100_000 : 1_000_000 }) as const;
/** The person the filtered page follows: one actor among 50. */
const AUDIT_ACTOR = "bench-actor-7";
const AUDIT_PAGES = {
  "first page": "/api/v2/audit?pageSize=25",
  "consultant updates": "/api/v2/audit?entity=consultant&action=update&pageSize=25",
  "one person": `/api/v2/audit?actorId=${AUDIT_ACTOR}&pageSize=25`,
  // A record's History tab: its own rows and its tasks' rows, merged.
  "one record": "/api/v2/audit?entity=consultant&entityId=record-42&pageSize=25",
} as const;

/**
 * Appends `count` audit rows in one transaction, 500 to an INSERT (the append-only triggers let inserts
 * through): newest a minute ago, one a minute before the other, 50 actors, the actions and record kinds
 * taking turns; every tenth row is a task's, about one of the records.
 */
async function loadAuditRows(db: Db, count: number) {
  const started = performance.now();
  const actions = [
    "create",
    "update",
    "update",
    "approve",
    "delete",
    "sign-in",
    "export",
    "confirm",
  ] as const;
  const entities = ["consultant", "user", "appointment"] as const;
  const newest = Date.now() - 60_000;
  // Transactions of 50,000 rows: a single one would hold the running server's writes back for a minute.
  for (let batch = 0; batch < count; batch += 50_000) {
    await db.kysely.transaction().execute(async (trx) => {
      for (let first = batch; first < Math.min(count, batch + 50_000); first += 500) {
        const rows = Array.from({ length: Math.min(500, count - first) }, (_, offset) => {
          const n = first + offset;
          const task = n % 10 === 0;
          return {
            at: new Date(newest - (count - n) * 60_000).toISOString(),
            actorGuidId: `bench-actor-${n % 50}`,
            actorName: `Bench Actor ${n % 50}`,
            action: task ? "task-update" : (actions[n % actions.length] as string),
            entity: task ? "task" : (entities[n % entities.length] as string),
            entityId: task ? `task-${n % 20000}` : `record-${n % 5000}`,
            aboutEntity: task ? (entities[(n / 10) % entities.length] as string) : null,
            aboutEntityId: task ? `record-${(n / 10) % 5000}` : null,
            subject: task ? `Task ${n % 20000}` : null,
            changes: JSON.stringify({ fee: { from: n % 300, to: (n % 300) + 50 } }),
            requestId: `bench-${n}`,
            ip: "127.0.0.1",
          };
        });
        await trx.insertInto("auditLog").values(rows).execute();
      }
    });
  }
  if (db.dialect === "postgres") await sql`analyze audit_log`.execute(db.kysely);
  // The load's last pages would otherwise be checkpointed by the server's next write, whose fsync then
  // waits for the whole freshly written file: a stall of seconds on whichever page is being timed then.
  else await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db.kysely);
  const seconds = (performance.now() - started) / 1000;
  say(
    `  appended ${fmt(count)} audit rows in ${seconds.toFixed(1)} s (${fmt(Math.round(count / seconds))} rows/s)`,
  );
}

/** The audit figures of one engine: both sides started, loaded, asked in turns, stopped. */
async function auditFigures(bench: Bench, engine: string, urlOf?: (name: Side["name"]) => string) {
  const rows = auditRows(bench.quick);
  const sides: Side[] = [];
  try {
    for (const name of ["small", "large"] as const) {
      say(`${engine} server "${name}": ${fmt(rows[name])} audit rows`);
      const side = await startSide(bench, name, urlOf?.(name), sizes(1_000, 1_000, 1_000));
      sides.push(side);
      await loadAuditRows(side.db, rows[name]);
    }
    // After the long load the client's pooled connections may have been closed by the server while idle:
    // a first call per side, tried again on such a failure, opens fresh ones.
    for (const side of sides) {
      for (let attempt = 1; ; attempt += 1) {
        try {
          await (
            await fetch(`${side.server.url}${AUDIT_PAGES["first page"]}`, { headers: side.headers })
          ).text();
          break;
        } catch (error) {
          if (attempt === 3) throw error;
        }
      }
    }
    const figures: Figure[] = [];
    const latency: Record<string, Latency> = {};
    for (const [what, url] of Object.entries(AUDIT_PAGES)) {
      latency[what] = await alternate(bench.plan, sides, () => url);
      figures.push(
        latencyFigure(
          `audit: ${what}, ${engine}, ${k(rows.large)} vs ${k(rows.small)} rows`,
          latency[what] as Latency,
          2,
        ),
      );
    }
    return { figures, latency };
  } catch (error) {
    printLogTails(sides);
    throw error;
  } finally {
    await stopSides(sides);
  }
}

/** `--only audit`: the audit feed's pages at 1M rows against 1k, on SQLite and (DATABASE_URL) PostgreSQL. */
export async function auditRun(bench: Bench) {
  fs.mkdirSync(bench.dist, { recursive: true });
  try {
    const sqlite = await auditFigures(bench, "SQLite");
    const figures = [...sqlite.figures];
    const extra: Record<string, unknown> = { audit: sqlite.latency };
    const databaseUrl = process.env.DATABASE_URL;
    if (databaseUrl) {
      const stamp = Date.now();
      const names = { small: `visadesk_bench_${stamp}_small`, large: `visadesk_bench_${stamp}_large` };
      const postgres = await withDatabases(databaseUrl, Object.values(names), (urlOf) =>
        auditFigures(bench, "PostgreSQL", (name) => urlOf(names[name])),
      );
      figures.push(...postgres.figures);
      extra.postgresAudit = postgres.latency;
    }
    const rows = auditRows(bench.quick);
    report(bench, {
      sizes: { "small audit rows": rows.small, "large audit rows": rows.large },
      figures,
      extra,
    });
  } finally {
    fs.rmSync(bench.work, { recursive: true, force: true });
  }
}
