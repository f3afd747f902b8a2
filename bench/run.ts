import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { auditRun } from "./figures/audit";
import { availabilityRun } from "./figures/availability";
import { calendarRun } from "./figures/calendar";
import { deliveryRun } from "./figures/delivery";
import { directoryRun } from "./figures/directory";
import { exportRun } from "./figures/export";
import { listsRun } from "./figures/lists";
import { throughputRun } from "./figures/throughput";
import { fullRun } from "./full-run";
import { buildWebApps } from "./lib/build";
import { startClock } from "./lib/log";
import type { Bench } from "./lib/side";
import { type Only, parseOptions } from "./options";

// `npm run bench [-- --quick] [-- --huge] [-- --smoke] [-- --only <name>]`: the options and what each
// run measures are described in options.ts.
startClock();
const options = parseOptions(process.argv.slice(2));

/** The runs that ask only the API: the web app is not built for them. */
const apiOnly: Partial<Record<Only, (bench: Bench) => Promise<void>>> = {
  availability: availabilityRun,
  lists: listsRun,
  audit: auditRun,
  throughput: throughputRun,
  directory: directoryRun,
};
/** The runs that load the built web app (in Chromium) or need it served. */
const withWebApp: Partial<Record<Only, (bench: Bench) => Promise<void>>> = {
  delivery: deliveryRun,
  calendar: calendarRun,
  export: exportRun,
};

async function main() {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "visadesk-bench-"));
  const bench: Bench = { ...options, work, dist: path.join(work, "dist") };
  const only = options.only;
  const apiRun = only && apiOnly[only];
  if (apiRun) return apiRun(bench);
  buildWebApps(bench.dist, bench.mode);
  const webRun = only && withWebApp[only];
  return webRun ? webRun(bench) : fullRun(bench);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
