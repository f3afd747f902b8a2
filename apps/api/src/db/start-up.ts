import type { FastifyBaseLogger } from "fastify";
import { sql } from "kysely";
import type { Config } from "../config";
import { ensureFirstAdmin } from "./bootstrap";
import type { Db } from "./database";
import { migrate } from "./migrate";
import { seedDemoData } from "./seed/demo";

/**
 * Everything a process does to a database before it serves: migrations, then on an empty database the first
 * Admin and (if asked) the demo data. It runs under a lock, so instances started at the same moment take
 * turns: the first does the work, the others find it done. On PostgreSQL the lock is a session advisory lock
 * (scoped to the schema worked in), which the database drops with a dead instance's connection; on SQLite a
 * row of a table of its own (sqliteStartUpLock). Answers whether this process created the first Admin.
 */
export async function prepareDatabase(db: Db, config: Config, log: FastifyBaseLogger): Promise<boolean> {
  const work = async () => {
    await migrate(db, {
      businessTimeZone: config.businessTimeZone,
      slotMinutes: config.appointmentSlotMinutes,
    });
    const created = await ensureFirstAdmin(db, config, log);
    if (created && config.demoData)
      await seedDemoData(db, { log, businessTimeZone: config.businessTimeZone });
    return created;
  };
  if (db.dialect === "sqlite") return sqliteStartUpLock(db, work);
  const key = `visadesk start-up ${db.schema ?? ""}`;
  // The lock belongs to one connection, held for the whole start-up; the work itself uses the others.
  return db.kysely.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(hashtext(${key}))`.execute(connection);
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(hashtext(${key}))`.execute(connection);
    }
  });
}

/** How often a waiting SQLite process asks for the start-up lock again. */
const LOCK_RETRY_MS = 50;

/**
 * SQLite's start-up lock: a row only one connection can insert (its primary key), naming the process that
 * holds it. A holder that no longer runs on this machine (SQLite's file is one machine's) has its row taken
 * over, so a crash during start-up never blocks the next one.
 */
async function sqliteStartUpLock<T>(db: Db, work: () => Promise<T>): Promise<T> {
  const holder = `${process.pid}:${Math.random()}`;
  await sql`create table if not exists start_up_lock (id integer primary key, holder text not null)`.execute(
    db.kysely,
  );
  for (;;) {
    const taken = await sql<{ holder: string }>`
      insert into start_up_lock (id, holder) values (1, ${holder})
      on conflict (id) do nothing returning holder`.execute(db.kysely);
    if (taken.rows.length > 0) break;
    const { rows } = await sql<{ holder: string }>`select holder from start_up_lock where id = 1`.execute(
      db.kysely,
    );
    const pid = Number(rows[0]?.holder.split(":")[0]);
    if (rows[0] && !isRunning(pid)) {
      await sql`delete from start_up_lock where id = 1 and holder = ${rows[0].holder}`.execute(db.kysely);
      continue;
    }
    await new Promise((resolve) => setTimeout(resolve, LOCK_RETRY_MS));
  }
  try {
    return await work();
  } finally {
    await sql`delete from start_up_lock where id = 1 and holder = ${holder}`.execute(db.kysely);
  }
}

function isRunning(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
