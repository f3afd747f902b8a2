import { randomUUID } from "node:crypto";
import fs from "node:fs";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  avifXmpBomb,
  basePicture,
  gifBomb,
  jpegMetadataBomb,
  pngTextBomb,
  tiffTagBomb,
  webpMetadataBomb,
} from "#test/image-bombs";
import { type RunningServer, signIn } from "../../../../../bench/lib/server";
import {
  ADMIN,
  cpuSeconds,
  freshPostgresDatabase,
  startApi,
  workFolder,
} from "../../../../../reliability/lib/harness";

/**
 * The real server as a child process, sent small files whose metadata inflates or multiplies when read,
 * four at a time, to the public registration form and to a signed-in upload (my profile picture). Its peak resident memory
 * (VmHWM) may grow at most MEMORY_BUDGET_MB past the peak of the same uploads with plain pictures.
 * On PostgreSQL when DATABASE_URL is set (a database of its own), else on a SQLite file.
 */
const MEMORY_BUDGET_MB = 64;
/** CPU of the whole server per upload, on average, the password hash of each new account included. */
const CPU_BUDGET_MS = 300;
const AT_ONCE = 4;

type Format = "png" | "jpeg" | "webp" | "gif" | "tiff" | "avif";
/** Each under the public form's 2 MB; before bounding, a PNG alone held about 100 MB per upload. */
const bombs: Record<Format, () => Promise<Buffer> | Buffer> = {
  png: () => pngTextBomb(4, 4 << 20),
  jpeg: () => jpegMetadataBomb(28),
  webp: () => webpMetadataBomb(900_000),
  gif: () => gifBomb({ comments: 300, bytes: 3000, frames: 2000 }),
  tiff: () => tiffTagBomb({ tags: 60, bytes: 1_000_000 }),
  avif: () => avifXmpBomb(256 << 20),
};
const FORMATS = Object.keys(bombs) as Format[];

const peakMb = (pid: number) =>
  Number(/VmHWM:\s+(\d+)\s+kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1]) / 1024;

let server: RunningServer;
let dropDatabase: (() => Promise<void>) | undefined;
let admin: Record<string, string>;
beforeAll(async () => {
  const dataDir = workFolder("upload-memory");
  const database = process.env.DATABASE_URL
    ? await freshPostgresDatabase(process.env.DATABASE_URL, "upload_memory")
    : undefined;
  dropDatabase = database?.drop;
  server = await startApi({ dataDir, ...(database ? { databaseUrl: database.url } : {}) });
  admin = (await signIn(server.url, ADMIN.email, ADMIN.password)).headers;
}, 90_000);
afterAll(async () => {
  await server?.stop();
  await dropDatabase?.();
});

let counter = 0;
function form(fields: Record<string, string>, picture: Buffer, format: Format) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  body.append("ProfilePic", new Blob([new Uint8Array(picture)]), `me.${format}`);
  return body;
}

/** The public form: anyone may send it. */
function register(picture: Buffer, format: Format) {
  const n = `${++counter}${randomUUID().slice(0, 6)}`;
  const body = form(
    {
      UserName: `bomb${n}`,
      Email: `bomb${n}@example.com`,
      FirstName: "Bomb",
      LastName: "Picture",
      PhoneNumber: "+92 300 1234567",
      Password: "a-long-password",
    },
    picture,
    format,
  );
  return fetch(`${server.url}/api/v2/connect/register`, { method: "POST", body });
}

/** A signed-in upload: my own profile picture (no password hash, so the picture is what costs). */
function updateProfile(picture: Buffer, format: Format) {
  const body = form({ FirstName: "Ada", LastName: "Admin" }, picture, format);
  return fetch(`${server.url}/api/v2/account/profile`, { method: "PUT", headers: admin, body });
}

/** AT_ONCE uploads at once to each route (or to the signed-in one only); answers the statuses. */
async function burst(picture: Buffer, format: Format, routes = [register, updateProfile]) {
  const answers = await Promise.all(
    routes.flatMap((route) => Array.from({ length: AT_ONCE }, () => route(picture, format))),
  );
  return answers.map((answer) => answer.status);
}

describe("uploads whose metadata would inflate in memory", () => {
  it(`four at a time, each format: at most ${MEMORY_BUDGET_MB} MB more peak memory, never a 5xx`, {
    timeout: 120_000,
  }, async () => {
    // Plain pictures first, the same way: the peak of ordinary work (password hashes, decoders loaded).
    // A real photo as large as the bombs (bodies are buffered whole), to both routes: registrations hash a
    // password (64 MiB each), so one burst of them reaches that peak too.
    const photo = await sharp({
      create: {
        width: 1300,
        height: 1100,
        channels: 3,
        background: "#808080",
        noise: { type: "gaussian", mean: 128, sigma: 60 },
      },
    })
      .jpeg({ quality: 95 })
      .toBuffer();
    expect(photo.length).toBeGreaterThan(1024 * 1024);
    expect((await burst(photo, "jpeg")).every((status) => status === 200 || status === 201)).toBe(true);
    // Tiny pictures let the four password hashes of the registrations run at once.
    expect(await burst(await basePicture("png"), "png", [register])).toEqual(Array(AT_ONCE).fill(201));
    for (const format of FORMATS) {
      const statuses = await burst(await basePicture(format), format, [updateProfile]);
      expect(
        statuses.every((status) => status === 200 || status === 201),
        format,
      ).toBe(true);
    }
    const baseline = peakMb(server.pid);
    const cpuBefore = cpuSeconds(server.pid);
    const growth: Record<string, string> = {};
    let uploads = 0;
    for (const format of FORMATS) {
      const bomb = await bombs[format]();
      expect(bomb.length, format).toBeLessThan(2 * 1024 * 1024);
      const before = peakMb(server.pid);
      const statuses = await burst(bomb, format);
      uploads += statuses.length;
      growth[format] = `${(peakMb(server.pid) - before).toFixed(1)} MB, ${statuses.join(" ")}`;
      for (const status of statuses) expect([200, 201, 413, 415], format).toContain(status);
    }
    const cpuMs = ((cpuSeconds(server.pid) - cpuBefore) * 1000) / uploads;
    console.log(
      `peak memory growth by format: ${JSON.stringify(growth)}; total ${(peakMb(server.pid) - baseline).toFixed(1)} MB over ${baseline.toFixed(1)} MB; CPU ${cpuMs.toFixed(0)} ms per upload`,
    );
    expect(peakMb(server.pid) - baseline).toBeLessThanOrEqual(MEMORY_BUDGET_MB);
    expect(cpuMs).toBeLessThanOrEqual(CPU_BUDGET_MS);
  });
});
