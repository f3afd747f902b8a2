import fs from "node:fs";
import path from "node:path";
import { en } from "@visadesk/contract/customer-mails/en";
import { ur } from "@visadesk/contract/customer-mails/ur";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { createDb, type Db } from "../apps/api/src/db/database";
import { type Balancer, startBalancer } from "../bench/lib/balancer";
import { concurrentCustomers, customersOf } from "../bench/lib/customers";
import { freePort, type RunningServer } from "../bench/lib/server";
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
import { liveWatchers } from "./lib/live-watchers";
import { Stats, summary } from "./lib/stats";
import { runLoad } from "./lib/workload";

const DATABASE_URL = process.env.DATABASE_URL;
const REPLICAS = 3;
const LOAD_SECONDS = 40;
const CUSTOMERS = 12;

const servers = new Map<string, RunningServer>();
let balancer: Balancer | undefined;
let db: Db | undefined;
let dropDatabase: (() => Promise<void>) | undefined;
afterAll(async () => {
  await balancer?.stop();
  await Promise.all([...servers.values()].map((server) => server.stop()));
  await db?.close();
  await dropDatabase?.();
});

// Replicas share one PostgreSQL; the embedded SQLite file serves one process.
describe.skipIf(!DATABASE_URL)(`${REPLICAS} replicas on one PostgreSQL behind HAProxy`, () => {
  it("start together, and under customers booking and staff editing, with one instance killed and one drained, lose nothing", {
    timeout: 300_000,
  }, async () => {
    const database = await freshPostgresDatabase(DATABASE_URL as string, "visadesk_replicas");
    dropDatabase = database.drop;
    const folder = workFolder("replicas");
    const replicas = await Promise.all(
      Array.from({ length: REPLICAS }, async (_, n) => ({
        name: `api${n + 1}`,
        port: await freePort(),
        dataDir: fs.mkdtempSync(path.join(folder, `api${n + 1}-`)),
      })),
    );
    const start = (replica: (typeof replicas)[number]) =>
      startApi({
        dataDir: replica.dataDir,
        databaseUrl: database.url,
        port: replica.port,
        env: {
          // The first instance up seeds the demo records (customers and consultants with hours) once.
          DEMO_DATA: "true",
          TRUST_PROXY: "loopback",
          REMINDER_HOURS_BEFORE: "744",
          REMINDER_INTERVAL_SECONDS: "1",
          DATABASE_POOL_SIZE: "10",
        },
      }).then((server) => void servers.set(replica.name, server));

    // All at once on the empty database: each comes up, the start-up work is done once.
    await Promise.all(replicas.map(start));
    balancer = await startBalancer(folder, replicas);
    const url = balancer.url;
    db = createDb({ databaseUrl: database.url, dataDir: folder, pgPoolSize: 4 });
    const admins = await count(database.url, "select count(*) from users where role = 'Admin'");
    expect(admins).toBe(1);

    // Reminders falling due during the load, one every half second: every instance's worker races for them.
    const reminders = await count(
      database.url,
      `with due as (
         insert into appointment_reminders (appointment_id, hours_before, due_at, state, attempts, next_attempt_at, created_at)
         select id, 1, now() + (row_number() over (order by id)) * interval '500 ms', 'scheduled', 0,
                now() + (row_number() over (order by id)) * interval '500 ms', now()
         from appointments
         where is_confirmed and not is_cancelled and starts_at > now() + interval '1 day'
         order by id limit 60
         returning 1)
       select count(*) from due`,
    );
    expect(reminders).toBeGreaterThan(10);
    const sessions = await signInSessions(url, 3);
    const anchors = await createAnchors(url, sessions[0] ?? {}, 3);
    const signedIn = await customersOf(db, url, CUSTOMERS);
    const watchers = liveWatchers(url, sessions, 3);
    const ledger = new Ledger();
    const stats = new Stats();
    const staff = runLoad({
      target: { url },
      sessions,
      clients: 6,
      seconds: LOAD_SECONDS,
      maxRequestsPerClient: 100_000,
      mix: "mixed",
      anchors,
      ledger,
      stats,
      policy: { replicaKilled: true },
    });
    const customers = concurrentCustomers({
      url,
      db,
      customers: CUSTOMERS,
      seconds: LOAD_SECONDS,
      signedIn,
      tolerate: (status, said) =>
        status === 502 && !said.startsWith("{")
          ? "502 from the balancer: instance killed"
          : status === 0 && /other side closed|socket hang up|ECONNRESET/i.test(said)
            ? "connection cut: instance killed"
            : undefined,
    });

    // kill -9 one instance in the middle of the load, and start it again on its port.
    await sleep(8_000);
    const killed = replicas[0] as (typeof replicas)[number];
    expect((await servers.get(killed.name)?.kill("SIGKILL"))?.signal).toBe("SIGKILL");
    await servers.get(killed.name)?.stop();
    await sleep(3_000);
    await start(killed);
    // Drain another with SIGTERM: it finishes what it has; the balancer sends the rest elsewhere.
    await sleep(6_000);
    const drained = replicas[1] as (typeof replicas)[number];
    const exit = await servers.get(drained.name)?.kill("SIGTERM");
    expect(exit?.code).toBe(0);
    await servers.get(drained.name)?.stop();
    await sleep(3_000);
    await start(drained);

    await staff;
    const customerRun = await customers;
    console.log(`staff: ${summary(stats, LOAD_SECONDS)}`);
    console.log(
      `customers: ${customerRun.requests} requests, booked ${customerRun.booked}, cancelled ${customerRun.cancelled}, ` +
        `tolerated ${JSON.stringify(customerRun.tolerated)}, answers ${JSON.stringify(customerRun.statuses)}`,
    );

    // Every balancer instance is back in rotation.
    await expect
      .poll(() => balancer?.states(), { timeout: 10_000 })
      .toEqual(Object.fromEntries(replicas.map((replica) => [replica.name, "UP"])));
    // 0 answers other than documented ones; a 502 only for a request the killed instance had in flight.
    expect(stats.unexpected.slice(0, 10)).toEqual([]);
    expect(customerRun.errorSamples).toEqual([]);
    expect(customerRun.errors).toBe(0);
    expect(customerRun.booked).toBeGreaterThan(0);
    const lost = Object.values(customerRun.tolerated).reduce((sum, n) => sum + n, 0);
    expect(lost).toBeLessThanOrEqual(CUSTOMERS);
    // 0 acknowledged writes lost, 0 overlapping appointments.
    expect(ledger.mismatches(await readPostgres(database.url)).slice(0, 10)).toEqual([]);
    expect(customerRun.doubleBookings).toBe(0);
    // Every reminder mailed once, whichever instance sent it. (One the killed instance had claimed waits out
    // its lease before another sends it: at least once, never lost.)
    const mailed = reminderMails(replicas.map((replica) => replica.dataDir));
    const sent = await count(database.url, "select count(*) from appointment_reminders where state = 'sent'");
    console.log(`reminders: ${reminders} due, ${sent} sent, ${mailed.total} mailed`);
    expect(mailed.twice).toEqual([]);
    expect(mailed.total).toBe(sent);
    expect(sent).toBeGreaterThan(reminders / 2);
    // Every live client reconnected and sees a change made after it all, whichever instance it is on.
    const marker = await createAnchors(url, sessions[0] ?? {}, 1);
    expect(marker).toHaveLength(1);
    await watchers.sawChangeAfter(Date.now() - 200, 5_000);
    watchers.stop();
    expect(watchers.reconnects()).toBeGreaterThan(0);
  });
});

async function count(url: string, query: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return Number((await client.query(query)).rows[0]?.count);
  } finally {
    await client.end();
  }
}

/** The reminders' subjects in each language, up to the day they name. */
const REMINDER_SUBJECTS = [en, ur].map(
  (catalogue) => `Subject: ${catalogue.appointment.reminder.subject.split("{{")[0]}`,
);

/** The reminders in the instances' outboxes, and those written twice (the same recipient, subject and text). */
function reminderMails(dataDirs: string[]) {
  let total = 0;
  const seen = new Set<string>();
  const twice: string[] = [];
  for (const dir of dataDirs) {
    const outbox = path.join(dir, "outbox");
    if (!fs.existsSync(outbox)) continue;
    for (const file of fs.readdirSync(outbox)) {
      const text = fs.readFileSync(path.join(outbox, file), "utf8");
      if (!REMINDER_SUBJECTS.some((subject) => text.includes(subject))) continue;
      total += 1;
      if (seen.has(text)) twice.push(file);
      seen.add(text);
    }
  }
  return { total, twice };
}
