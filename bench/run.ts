import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import type { Browser } from "@playwright/test";
import pg from "pg";
import { createDb, type Db } from "../apps/api/src/db/database";
import { type BulkCounts, generateBulkData } from "../apps/api/src/db/seed/generate";
import { javascriptDownloaded, launchChromium, type Session, timeToRows } from "./lib/browser";
import { load, warmUp } from "./lib/load";
import { type Figure, limitFigure, printTable, ratioFigure, saveResults } from "./lib/report";
import { type RunningServer, signIn, startServer } from "./lib/server";
import { chooseTargets, largestChunkKb, type Targets } from "./lib/targets";

/**
 * `npm run bench [-- --quick]`: builds the web app, starts the real server on a fresh temporary SQLite
 * database, measures at a small size (the baseline), loads the large size with the bulk generator,
 * measures again and prints one table of figures against their goals. Load goes to 127.0.0.1 only and
 * every run is bounded in requests or seconds.
 */
const { values } = parseArgs({ options: { quick: { type: "boolean", default: false } } });
const quick = values.quick === true;
const plan = quick
  ? {
      small: sizes(1_000, 1_000, 1_000),
      large: sizes(20_000, 20_000, 40_000),
      seconds: 3,
      latencyRequests: 150,
      navigations: 2,
    }
  : {
      small: sizes(1_000, 1_000, 1_000),
      large: sizes(100_000, 100_000, 200_000),
      seconds: 10,
      latencyRequests: 400,
      navigations: 5,
    };
const mode = quick ? "quick" : "full";
const root = path.resolve(import.meta.dirname, "..");
const benchDir = path.join(root, "bench");
const TIME_ZONE = "Asia/Karachi";
const ADMIN = { email: "bench-admin@visadesk.test", password: randomBytes(12).toString("base64url") };

function sizes(consultants: number, appUsers: number, appointments: number): BulkCounts {
  return { consultants, appUsers, appointments };
}
const fmt = (n: number) => n.toLocaleString("en-US");
const say = (text: string) =>
  console.log(`[bench ${((performance.now() - began) / 1000).toFixed(0)}s] ${text}`);
const began = performance.now();

/** Everything measured at one size of the database. */
interface Stage {
  consultantSearchP95?: number | undefined;
  appUserSearchP95?: number | undefined;
  appointmentsP95?: number | undefined;
  navigationMs: Record<string, number | undefined>;
  rssMb?: number | undefined;
  matches: Record<string, number | undefined>;
}
const ROUTES = ["/users", "/app-users", "/user-appointments"] as const;
const notes: Record<string, string> = {};

async function main() {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "visadesk-bench-"));
  const dist = path.join(work, "dist");
  say(`building the web app (${mode} run)`);
  const build = spawnSync(
    process.execPath,
    [
      path.join(root, "node_modules/vite/bin/vite.js"),
      "build",
      "apps/web",
      "--outDir",
      dist,
      "--emptyOutDir",
    ],
    { cwd: root, stdio: ["ignore", "ignore", "inherit"] },
  );
  if (build.status !== 0) throw new Error("web build failed");

  const dataDir = path.join(work, "data");
  const env = {
    NODE_ENV: "production",
    LOG_LEVEL: "warn",
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    DEMO_DATA: "false",
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    WEB_DIST: dist,
    LOGIN_RATE_LIMIT: "1000",
  };
  const server = await startServer({ root, env, logFile: path.join(work, "server.log") });
  const db = createDb({ dataDir });
  let browser: Browser | undefined;
  const figures: Figure[] = [];
  try {
    const session = await signIn(server.url, ADMIN.email, ADMIN.password);
    browser = await launchChromium();

    say(`loading the baseline: ${describeCounts(plan.small)}`);
    await seed(db, plan.small);
    const targets = await chooseTargets(db);
    say(
      `search terms "${targets.consultantTerm}" and "${targets.appUserTerm}"; busiest consultant ${targets.consultantGuid}`,
    );
    const small = await measureStage(server, session, targets, browser);

    say(`loading the large size: ${describeCounts(plan.large)}`);
    const loaded = await seed(db, {
      consultants: plan.large.consultants - plan.small.consultants,
      appUsers: plan.large.appUsers - plan.small.appUsers,
      appointments: plan.large.appointments - plan.small.appointments,
    });
    const large = await measureStage(server, session, targets, browser);

    say("throughput: consultant by id against the bare health route");
    const throughput = await measureThroughput(server, session, targets);
    large.rssMb = server.rssMb();

    say("JavaScript downloaded");
    const login = await javascriptDownloaded(browser, server.url, "/login");
    const users = await javascriptDownloaded(browser, server.url, "/users", session);

    const k = (n: number) => `${fmt(Math.round(n / 1000))}k`;
    const sizeLabel = (key: keyof BulkCounts) => `${k(plan.large[key])} vs ${k(plan.small[key])}`;
    figures.push(
      ratioFigure(
        "1. GET Consultants/{id} vs /api/health (SQLite)",
        "req/s",
        throughput.consultant,
        throughput.health,
        { atLeast: 0.5 },
      ),
      ratioFigure(
        `2. consultant search p95, ${sizeLabel("consultants")}`,
        "ms",
        large.consultantSearchP95,
        small.consultantSearchP95,
        { atMost: 3 },
        matchNote("consultant", small, large),
      ),
      ratioFigure(
        `2. app user search p95, ${sizeLabel("appUsers")}`,
        "ms",
        large.appUserSearchP95,
        small.appUserSearchP95,
        { atMost: 3 },
        matchNote("appUser", small, large),
      ),
      ratioFigure(
        `3. appointments of a consultant p95, ${sizeLabel("appointments")}`,
        "ms",
        large.appointmentsP95,
        small.appointmentsP95,
        { atMost: 3 },
        matchNote("appointments", small, large),
      ),
      limitFigure("4. JS gzip for /login", "KB", login.gzipKb, 170),
      limitFigure("4. JS gzip for signed-in /users", "KB", users.gzipKb, 250),
      limitFigure("4. largest JS chunk, minified", "KB", largestChunkKb(dist), 500),
      ...ROUTES.map((route) =>
        ratioFigure(
          `5. Chromium ${route} to 12 rows, ${sizeLabel(route === "/user-appointments" ? "appointments" : route === "/users" ? "consultants" : "appUsers")}`,
          "ms",
          large.navigationMs[route],
          small.navigationMs[route],
          { atMost: 1.5 },
          notes[route],
        ),
      ),
      limitFigure(
        `6. server RSS after the load, ${k(plan.large.consultants)}`,
        "MB",
        large.rssMb,
        250,
        small.rssMb,
      ),
    );
    if (process.env.DATABASE_URL)
      figures.push(await postgresThroughput(env, targets, process.env.DATABASE_URL));

    const seconds = (performance.now() - began) / 1000;
    printTable(
      figures,
      `VisaDesk bench (${mode}, ${os.cpus().length} CPUs, ${seconds.toFixed(0)} s; generator ${fmt(Math.round(loaded.rowsPerSecond))} rows/s)`,
    );
    const file = saveResults(benchDir, {
      mode,
      sizes: { ...prefix("small", plan.small), ...prefix("large", plan.large) },
      figures,
      seconds,
      extra: {
        generatorRowsPerSecond: loaded.rowsPerSecond,
        small,
        large,
        throughput,
        javascript: { login, users },
      },
    });
    say(`figures written to ${path.relative(root, file)} and bench/RESULTS.md`);
  } finally {
    await browser?.close();
    await server.stop();
    await db.close();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

async function seed(db: Db, counts: BulkCounts) {
  const result = await generateBulkData(db, counts, { businessTimeZone: TIME_ZONE, seed: 42 });
  say(
    `  added ${fmt(result.totalRows)} rows in ${result.seconds.toFixed(1)} s (${fmt(Math.round(result.rowsPerSecond))} rows/s)`,
  );
  return result;
}

async function measureStage(
  server: RunningServer,
  session: Session,
  targets: Targets,
  browser: Browser,
): Promise<Stage> {
  const headers = { authorization: `Bearer ${session.token}` };
  const stage: Stage = { navigationMs: {}, matches: {} };
  const latency = async (key: string, url: string) => {
    const probe = await fetch(`${server.url}${url}`, { headers });
    if (!probe.ok) {
      notes[key] = `${url.split("?")[0]} answered ${probe.status}`;
      return undefined;
    }
    stage.matches[key] = ((await probe.json()) as { total?: number }).total;
    await warmUp(`${server.url}${url}`, headers);
    const result = await load({
      url: `${server.url}${url}`,
      headers,
      connections: 1,
      amount: plan.latencyRequests,
    });
    return result.failures > 0 ? undefined : result.p95Ms;
  };
  const page = "page=1&pageSize=12";
  stage.consultantSearchP95 = await latency(
    "consultant",
    `/api/v2/Consultants/consultants?${page}&search=${targets.consultantTerm}`,
  );
  stage.appUserSearchP95 = await latency(
    "appUser",
    `/api/v2/User/users?role=AppUser&${page}&search=${targets.appUserTerm}`,
  );
  stage.appointmentsP95 = await latency(
    "appointments",
    `/api/v2/userAppointment/appointments?${page}&consultantId=${targets.consultantGuid}`,
  );
  for (const route of ROUTES) {
    try {
      stage.navigationMs[route] = await timeToRows(browser, server.url, session, route, plan.navigations);
    } catch (error) {
      notes[route] = `12 rows never showed: ${(error as Error).message.split("\n")[0]}`;
    }
  }
  stage.rssMb = server.rssMb();
  say(
    `  consultant search p95 ${stage.consultantSearchP95?.toFixed(1)} ms, app user search p95 ${stage.appUserSearchP95?.toFixed(1)} ms, appointments p95 ${stage.appointmentsP95?.toFixed(1)} ms, RSS ${stage.rssMb?.toFixed(0)} MB`,
  );
  return stage;
}

async function measureThroughput(server: RunningServer, session: Session, targets: Targets) {
  const headers = { authorization: `Bearer ${session.token}` };
  const consultantUrl = `${server.url}/api/v2/Consultants/${targets.consultantGuid}`;
  const healthUrl = `${server.url}/api/health`;
  await warmUp(healthUrl);
  await warmUp(consultantUrl, headers);
  const health = await load({ url: healthUrl, connections: 10, duration: plan.seconds });
  const consultant = await load({ url: consultantUrl, headers, connections: 10, duration: plan.seconds });
  return {
    health: health.requestsPerSecond,
    consultant: consultant.failures > 0 ? undefined : consultant.requestsPerSecond,
  };
}

/** The same throughput figure on a fresh PostgreSQL database next to DATABASE_URL's. */
async function postgresThroughput(
  env: Record<string, string>,
  targets: Targets,
  databaseUrl: string,
): Promise<Figure> {
  const name = `visadesk_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  let db: Db | undefined;
  let server: RunningServer | undefined;
  try {
    say("PostgreSQL: consultant by id against the bare health route");
    // The server migrates the fresh database and creates its first Admin before any data goes in.
    server = await startServer({
      root,
      env: { ...env, DATABASE_URL: url.toString() },
      logFile: path.join(os.tmpdir(), `${name}.log`),
    });
    db = createDb({ databaseUrl: url.toString(), dataDir: os.tmpdir() });
    await generateBulkData(db, plan.small, { businessTimeZone: TIME_ZONE, seed: 42 });
    const session = await signIn(server.url, ADMIN.email, ADMIN.password);
    const pgTargets = { ...targets, ...(await chooseTargets(db)) };
    const result = await measureThroughput(server, session, pgTargets);
    return ratioFigure(
      "1. GET Consultants/{id} vs /api/health (PostgreSQL)",
      "req/s",
      result.consultant,
      result.health,
      { atLeast: 0.5 },
    );
  } finally {
    await server?.stop();
    await db?.close();
    await admin.query(`drop database if exists ${name}`);
    await admin.end();
  }
}

function describeCounts(counts: BulkCounts) {
  return `${fmt(counts.consultants)} consultants, ${fmt(counts.appUsers)} app users, ${fmt(counts.appointments)} appointments`;
}
function prefix(name: string, counts: BulkCounts) {
  return Object.fromEntries(Object.entries(counts).map(([key, value]) => [`${name}.${key}`, value]));
}
function matchNote(key: string, small: Stage, large: Stage) {
  if (notes[key]) return notes[key];
  const [a, b] = [small.matches[key], large.matches[key]];
  return a === undefined ? undefined : `matching rows ${fmt(a)} then ${fmt(b ?? 0)}`;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
