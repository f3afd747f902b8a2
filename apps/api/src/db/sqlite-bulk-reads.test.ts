import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { createDb, type Db } from "./database";
import { bulkReads } from "./sqlite-bulk-reads";

/**
 * An export on SQLite reads its pages on a connection of its own (with a small page cache), so a whole
 * list does not pass through the app's connection and its large cache; the connection is closed after the
 * last page and when the reading stops early.
 */
const dirs: string[] = [];
const opened: Db[] = [];
afterEach(async () => {
  for (const db of opened.splice(0)) await db.close();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const ROWS = 450;
const PAGE = 200;

/** A database file with a table of ROWS numbered rows. */
async function fileDb() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "visadesk-bulk-"));
  dirs.push(dataDir);
  const db = createDb({ dataDir, sqliteFile: "visadesk.sqlite" });
  opened.push(db);
  await sql`create table probe (id integer primary key)`.execute(db.kysely);
  await sql`with recursive n(id) as (select 1 union all select id + 1 from n where id < ${ROWS})
    insert into probe (id) select id from n`.execute(db.kysely);
  return { db, file: path.join(dataDir, "visadesk.sqlite") };
}

/** The probe's rows a page at a time, by id, from the Db it is given. */
const probePages = (reader: Db) => {
  let after = 0;
  return async () => {
    const { rows } = await sql<{
      id: number;
    }>`select id from probe where id > ${after} order by id limit ${PAGE}`.execute(reader.kysely);
    after = rows.at(-1)?.id ?? after;
    return rows.length > 0 ? rows : undefined;
  };
};

/** How many of this process's open files are the database file itself (one per connection). */
const connectionsTo = (file: string) =>
  fs.readdirSync("/proc/self/fd").filter((fd) => {
    try {
      return fs.readlinkSync(path.join("/proc/self/fd", fd)) === file;
    } catch {
      return false;
    }
  }).length;

async function readAll<T>(read: () => Promise<T[] | undefined>) {
  const rows: T[] = [];
  for (let page = await read(); page; page = await read()) rows.push(...page);
  return rows;
}

describe.skipIf(process.platform !== "linux")("an export's reads on SQLite", () => {
  it("go through a connection of their own: a write the app's connection has not committed is not read", async () => {
    const { db } = await fileDb();
    await sql`begin`.execute(db.kysely);
    try {
      await sql`insert into probe (id) values (${ROWS + 1})`.execute(db.kysely);
      const { rows } = await sql<{ n: number }>`select count(*) as n from probe`.execute(db.kysely);
      expect(rows[0]?.n).toBe(ROWS + 1);
      const read = await readAll(bulkReads(db, probePages).read);
      expect(read.map((row) => row.id)).toEqual(Array.from({ length: ROWS }, (_, n) => n + 1));
    } finally {
      await sql`rollback`.execute(db.kysely);
    }
  });

  it("close their connection after the last page and when the reading stops early: exports leave no file open", async () => {
    const { db, file } = await fileDb();
    const before = connectionsTo(file);
    for (let run = 0; run < 10; run += 1) {
      const whole = bulkReads(db, probePages);
      expect(await readAll(whole.read)).toHaveLength(ROWS);
      const stopped = bulkReads(db, probePages);
      expect(await stopped.read()).toHaveLength(PAGE);
      stopped.close();
      expect(await stopped.read()).toBeUndefined();
    }
    // SQLite may keep one closed connection's file open a while, to reuse it for the next one.
    expect(connectionsTo(file)).toBeLessThanOrEqual(before + 1);
  });

  it("go through the app's connection on an in-memory database, which no other connection can open", async () => {
    const db = createDb({ dataDir: os.tmpdir(), sqliteFile: ":memory:" });
    opened.push(db);
    await sql`create table probe (id integer primary key)`.execute(db.kysely);
    await sql`insert into probe (id) values (1), (2)`.execute(db.kysely);
    const readers: Db[] = [];
    const reads = bulkReads(db, (reader) => {
      readers.push(reader);
      return probePages(reader);
    });
    expect((await readAll(reads.read)).map((row) => row.id)).toEqual([1, 2]);
    expect(readers).toEqual([db]);
  });
});
