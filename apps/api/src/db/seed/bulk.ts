import { parseArgs } from "node:util";
import cliProgress from "cli-progress";
import Fastify from "fastify";
import { loadConfig } from "#api/config";
import { ensureFirstAdmin } from "../bootstrap";
import { createDb } from "../database";
import { migrate } from "../migrate";
import { type BulkCounts, type BulkProgress, generateBulkData } from "./generate";

const USAGE = `Adds realistic records in bulk to the database that \`npm start\` uses (DATA_DIR, or DATABASE_URL).

  npm run seed -- --consultants 100000 --app-users 100000 --appointments 200000

Any subset of the three counts; --seed <number> makes the values repeatable.`;

/** `npm run seed`: the bulk data generator's command line. */
async function main() {
  const { values } = parseArgs({
    options: {
      consultants: { type: "string" },
      "app-users": { type: "string" },
      appointments: { type: "string" },
      seed: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const counts: BulkCounts = {
    consultants: count(values.consultants, "--consultants"),
    appUsers: count(values["app-users"], "--app-users"),
    appointments: count(values.appointments, "--appointments"),
  };
  if (counts.consultants + counts.appUsers + counts.appointments === 0) {
    throw new Error(`Nothing to add.\n\n${USAGE}`);
  }

  const config = loadConfig();
  const db = createDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrate(db, {
      businessTimeZone: config.businessTimeZone,
      slotMinutes: config.appointmentSlotMinutes,
    });
    // A database seeded before its first start still gets its first Admin, or nobody could sign in.
    await ensureFirstAdmin(db, config, Fastify({ logger: false }).log);
    const where = config.databaseUrl ? "PostgreSQL (DATABASE_URL)" : `SQLite in ${config.dataDir}`;
    console.log(`Adding records to ${where}`);
    const result = await generateBulkData(db, counts, {
      businessTimeZone: config.businessTimeZone,
      progress: progressBar(),
      ...(values.seed ? { seed: count(values.seed, "--seed") } : {}),
    });
    const { rows } = result;
    console.log(
      `Added ${result.totalRows.toLocaleString("en-US")} rows in ${result.seconds.toFixed(1)} s: ` +
        `${Math.round(result.rowsPerSecond).toLocaleString("en-US")} rows/s\n` +
        `  consultants ${rows.consultants}, timings ${rows.consultantTimings}, addresses ${rows.consultantAddresses}, ` +
        `app users ${rows.appUsers}, appointments ${rows.appointments}`,
    );
  } finally {
    await db.close();
  }
}

function count(value: string | undefined, flag: string): number {
  if (value === undefined) return 0;
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`${flag} must be a whole number of 0 or more`);
  return n;
}

/** A bar over records (consultants, app users, appointments), with the rows per second so far. */
function progressBar(): BulkProgress {
  const bar = new cliProgress.SingleBar(
    {
      format: "  {bar} {percentage}% | {value}/{total} records | {rate} rows/s | ETA {eta_formatted}",
      hideCursor: true,
    },
    cliProgress.Presets.shades_classic,
  );
  const started = performance.now();
  return {
    start: (total) => bar.start(total, 0, { rate: 0 }),
    advance: (records, rowsSoFar) => {
      const seconds = (performance.now() - started) / 1000;
      bar.increment(records, {
        rate: Math.round(rowsSoFar / Math.max(seconds, 0.001)).toLocaleString("en-US"),
      });
    },
    stop: () => bar.stop(),
  };
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
