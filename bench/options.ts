import { parseArgs } from "node:util";
import type { BulkCounts } from "../apps/api/src/db/seed/generate";
import { sizes } from "./lib/sizes";

/**
 * `npm run bench [-- --quick] [-- --huge] [-- --only delivery]`: builds the web app and starts the real server twice, each on a
 * fresh temporary SQLite database: one loaded with the small size (the baseline), one with the large size.
 * Every comparison alternates between the two in rounds, so whatever else the machine is doing weighs
 * on both sides alike. Prints one table of figures against their goals. Load goes to 127.0.0.1 only and
 * every run is bounded in requests or seconds. With DATABASE_URL set, the list figures run again on two
 * fresh PostgreSQL databases beside it.
 *
 * `--huge`: only the list, search and count figures, with 1,000,000 consultants on the large side
 * (`--huge --quick`: 250,000, within a CI job's time), against the same 1k baseline.
 *
 * `--only delivery`: only what reaches the browser (figures 4, 7 and 8: JavaScript downloaded, bytes
 * transferred, Lighthouse on every screen on a cold and on a repeat visit, the median of 5 runs each), on
 * one server with the small size; about 30 minutes (`--quick`: one Lighthouse run per visit, about 15).
 * `--screen <route>` (repeatable) measures only the screens whose route holds it, e.g. `--screen /users`.
 *
 * `--only availability`: only figure 9, one consultant's free times for 62 days, with the large side's
 * appointments (200,000; `--quick`: 40,000) against 1,000, the consultants and app users staying at the
 * small size so the busiest consultant holds far more bookings than in the full run; SQLite, and
 * PostgreSQL with DATABASE_URL set. The web app is not built: only the API is asked.
 *
 * `--only calendar`: only the appointments calendar's week view first paint (figure 10), 1k against 200k
 * appointments (1k consultants and app users on both sides), in real Chromium.
 *
 * `--only audit`: the audit history's first page and three filtered pages (one action on consultants, one
 * person's, one record's history with its tasks' rows), p95 with 1,000,000 audit rows against 1,000 (`--quick`: 100,000), goal at most twice; on
 * SQLite, and on PostgreSQL with DATABASE_URL set. The web app is not built: only the API is asked.
 *
 * `--only export`: the CSV export of every consultant (100,000; `--quick`: 20,000) from one server: rows
 * per second and how much the server's resident memory grows while it streams them (goal: under 50 MB);
 * SQLite, and PostgreSQL with DATABASE_URL set.
 *
 * `--only throughput`: only figure 1 (GET Consultants/{id} against the bare liveness route, requests a second)
 * and the server's RSS after it (figure 6), on one server of the large size (`--quick`: 20k); SQLite, and
 * PostgreSQL with DATABASE_URL set (the small size there, as in the full run). The web app is not built.
 *
 * `--only lists`: only figure 11, sorted and filtered list pages (a filter the list's own index does not
 * hold, read in a sort's index order) p95, and the header search's per term (goal: at most 3 times the
 * baseline and 100 ms), 100k against 1k of each record (`--quick`: 20k); SQLite, and PostgreSQL with
 * DATABASE_URL set. The web app is not built: only the API is asked.
 *
 * `--only directory`: the customer directory (search with hard terms, each filter and sort, a deep cursor
 * page) p95 at 100,000 consultants against 1,000 (`--quick`: 20,000), goal at most 3 times; then 10 and
 * then 100 signed-in customers at once for 60 s each (`--quick`: 5 and 30 for 20 s) browsing, booking and
 * cancelling on the large side: 0 errors and 0 double bookings with 100, and each kind's p95 as a ratio
 * against 10 (goal at most 15); on PostgreSQL the 100 again through HAProxy in front of two instances
 * (0 errors, 0 double bookings, requests a second against one instance). SQLite, and PostgreSQL with
 * DATABASE_URL set. The web app is not built.
 *
 * `--smoke`: proves the harness still starts servers, loads data, measures and prints: one list figure per
 * engine at toy sizes (200 against 1,000 rows), under a minute. Its figures say nothing of speed at those
 * sizes, so they are printed without a goal, and the run fails only when a figure could not be measured.
 */
export const ONLY = [
  "delivery",
  "availability",
  "calendar",
  "export",
  "lists",
  "audit",
  "throughput",
  "directory",
] as const;
export type Only = (typeof ONLY)[number];

/** The two sides' sizes, and how long each comparison runs. */
export interface Plan {
  small: BulkCounts;
  large: BulkCounts;
  seconds: number;
  requests: number;
  rounds: number;
}

export interface RunOptions {
  /** The one group of figures to run (`--smoke` is a "lists" run), or undefined for the full run. */
  only: Only | undefined;
  quick: boolean;
  huge: boolean;
  smoke: boolean;
  plan: Plan;
  /** The run's name in its results: "full", "quick", "huge-quick", "lists-quick", "smoke"… */
  mode: string;
  /** `--screen <route>` (repeatable): the delivery run measures only the screens whose route holds one. */
  screens: string[];
}

/** The run the command line asks for (`process.argv.slice(2)`); throws on an unknown option. */
export function parseOptions(args: string[]): RunOptions {
  const { values } = parseArgs({
    args,
    options: {
      quick: { type: "boolean", default: false },
      huge: { type: "boolean", default: false },
      only: { type: "string" },
      smoke: { type: "boolean", default: false },
      screen: { type: "string", multiple: true },
    },
  });
  if (values.only !== undefined && !ONLY.includes(values.only as Only)) {
    throw new Error(`--only takes ${ONLY.map((name) => `"${name}"`).join(", ")}, not "${values.only}"`);
  }
  const quick = values.quick === true;
  const huge = values.huge === true;
  const smoke = values.smoke === true;
  if (smoke && values.only !== undefined && values.only !== "lists")
    throw new Error("--smoke is a lists run");
  const only = smoke ? "lists" : (values.only as Only | undefined);
  const base = basePlan(only, quick, huge, smoke);
  // Availability alone: only the appointments grow, so one consultant's bookings grow the most.
  const plan =
    only === "availability"
      ? { ...base, large: { ...base.small, appointments: base.large.appointments } }
      : base;
  // The calendar run has no quick form (the delivery run's is one Lighthouse run per screen).
  const mode = smoke
    ? "smoke"
    : only
      ? `${only}${quick && only !== "calendar" ? "-quick" : ""}`
      : `${huge ? "huge" : ""}${huge && quick ? "-" : ""}${quick ? "quick" : huge ? "" : "full"}`;
  const screens = values.screen ?? [];
  if (screens.length > 0 && only !== "delivery") throw new Error("--screen goes with --only delivery");
  return { only, quick, huge, smoke, plan, mode, screens };
}

function basePlan(only: Only | undefined, quick: boolean, huge: boolean, smoke: boolean): Plan {
  if (only === "calendar") {
    return {
      small: sizes(1_000, 1_000, 1_000),
      large: sizes(1_000, 1_000, 200_000),
      seconds: 3,
      requests: 60,
      rounds: 3,
    };
  }
  if (smoke) {
    return {
      small: sizes(200, 200, 200),
      large: sizes(1_000, 1_000, 1_000),
      seconds: 1,
      requests: 20,
      rounds: 1,
    };
  }
  if (only === "directory") {
    return {
      small: sizes(1_000, 1_000, 1_000),
      large: sizes(quick ? 20_000 : 100_000, 1_000, 1_000),
      seconds: 3,
      requests: quick ? 60 : 150,
      rounds: 3,
    };
  }
  if (only === "lists") {
    return {
      small: sizes(1_000, 1_000, 1_000),
      large: quick ? sizes(20_000, 20_000, 20_000) : sizes(100_000, 100_000, 100_000),
      seconds: 3,
      requests: quick ? 60 : 150,
      rounds: 3,
    };
  }
  if (huge) {
    return {
      small: sizes(1_000, 1_000, 1_000),
      large: quick ? sizes(250_000, 20_000, 40_000) : sizes(1_000_000, 100_000, 200_000),
      seconds: 3,
      requests: quick ? 60 : 150,
      rounds: 3,
    };
  }
  if (quick) {
    return {
      small: sizes(1_000, 1_000, 1_000),
      large: sizes(20_000, 20_000, 40_000),
      seconds: 3,
      requests: 60,
      rounds: 3,
    };
  }
  return {
    small: sizes(1_000, 1_000, 1_000),
    large: sizes(100_000, 100_000, 200_000),
    seconds: 5,
    requests: 150,
    rounds: 3,
  };
}
