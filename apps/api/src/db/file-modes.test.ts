import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { createDb } from "./database";

/** The SQLite database and the files SQLite keeps beside it are for the server's user only. */
const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "visadesk-modes-"));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const modeOf = (file: string) => fs.statSync(file).mode & 0o777;
const FILES = ["visadesk.sqlite", "visadesk.sqlite-wal", "visadesk.sqlite-shm"];

/** Opens the database, writes a row (so the WAL and its index exist) and answers the modes while open. */
async function openAndWrite(dataDir: string) {
  const db = createDb({ dataDir, sqliteFile: "visadesk.sqlite" });
  try {
    await sql`create table if not exists probe (x integer)`.execute(db.kysely);
    await sql`insert into probe values (1)`.execute(db.kysely);
    return Object.fromEntries(FILES.map((name) => [name, modeOf(path.join(dataDir, name))]));
  } finally {
    await db.close();
  }
}

describe.skipIf(process.platform === "win32")("the SQLite files", () => {
  it("are created 0600 (the database, -wal and -shm), under the usual umask 022", async () => {
    const previous = process.umask(0o022);
    try {
      const dataDir = path.join(tempDir(), "data");
      expect(await openAndWrite(dataDir)).toEqual(Object.fromEntries(FILES.map((name) => [name, 0o600])));
      expect(modeOf(dataDir)).toBe(0o700);
    } finally {
      process.umask(previous);
    }
  });

  it("are made 0600 at start when an earlier version left them readable to others", async () => {
    const dataDir = tempDir();
    await openAndWrite(dataDir);
    for (const name of FILES) {
      const file = path.join(dataDir, name);
      if (!fs.existsSync(file)) fs.writeFileSync(file, "");
      fs.chmodSync(file, 0o644);
    }
    // Closed and reopened, as a restart would: nothing stays readable to others, not even for a moment.
    const db = createDb({ dataDir, sqliteFile: "visadesk.sqlite" });
    try {
      for (const name of FILES) expect(modeOf(path.join(dataDir, name)), name).toBe(0o600);
    } finally {
      await db.close();
    }
  });
});
