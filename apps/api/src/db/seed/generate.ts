import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import { localDate } from "#api/lib/clock";
import { hashPassword } from "#api/lib/passwords";
import type { Db } from "../database";
import { bookingSlot } from "./booking-slots";
import {
  type AppointmentParties,
  cnicNumber,
  createRecordFactories,
  type NewAddressRow,
  type NewTimingRow,
  type RecordFactories,
} from "./factories";
import { insertRows, insertRowsReturningIds } from "./writer";

export interface BulkCounts {
  consultants: number;
  appUsers: number;
  appointments: number;
}

/** Told after every committed chunk: records are consultants, app users and appointments. */
export interface BulkProgress {
  start(totalRecords: number): void;
  advance(records: number, rowsSoFar: number): void;
  stop(): void;
}

export interface BulkResult {
  /** Rows per table, children (timings, addresses) included. */
  rows: Record<
    "consultants" | "consultantTimings" | "consultantAddresses" | "appUsers" | "appointments",
    number
  >;
  totalRows: number;
  seconds: number;
  rowsPerSecond: number;
}

/** Records per transaction: big enough to amortise the commit, small enough to show progress. */
const CHUNK = 5_000;
/** When appointments are asked for on a database with nobody to book, this many of each are made first. */
const MIN_PARTIES = 1_000;
/** CNICs of generated accounts start here when the database has none. */
const FIRST_CNIC = 42_101_0000_0001;

/**
 * Adds realistic records in bulk: consultants (each with a weekly timing and 1-2 addresses), app users
 * and appointments booked between existing consultants and app users. Batched multi-row INSERTs inside
 * one transaction per chunk. Unique values (user names, emails, CNICs, booking slots) continue from
 * what the database already holds, so the generator can be run again on the same database.
 */
export async function generateBulkData(
  db: Db,
  counts: BulkCounts,
  options: { businessTimeZone: string; progress?: BulkProgress; seed?: number },
): Promise<BulkResult> {
  const make = createRecordFactories(options.seed ?? Date.now());
  const started = performance.now();
  const rows: BulkResult["rows"] = {
    consultants: 0,
    consultantTimings: 0,
    consultantAddresses: 0,
    appUsers: 0,
    appointments: 0,
  };
  const total = () => Object.values(rows).reduce((sum, n) => sum + n, 0);
  const progress = options.progress;
  // A 64 MB page cache for this connection: the indexes being filled (FTS trigrams above all) then
  // stay in memory instead of being re-read for every batch.
  if (db.dialect === "sqlite") await sql`pragma cache_size = -65536`.execute(db.kysely);

  let consultantsWanted = counts.consultants;
  let appUsersWanted = counts.appUsers;
  if (counts.appointments > 0) {
    if (consultantsWanted === 0 && (await countRows(db, "consultants")) === 0)
      consultantsWanted = MIN_PARTIES;
    if (appUsersWanted === 0 && (await countRows(db, "appUsers")) === 0) appUsersWanted = MIN_PARTIES;
  }
  progress?.start(consultantsWanted + appUsersWanted + counts.appointments);

  const step = (records: number) => progress?.advance(records, total());
  await addConsultants(db, make, consultantsWanted, rows, step);
  await addAppUsers(db, make, appUsersWanted, rows, step);
  await addAppointments(db, make, counts.appointments, options.businessTimeZone, rows, step);
  progress?.stop();

  const seconds = (performance.now() - started) / 1000;
  return { rows, totalRows: total(), seconds, rowsPerSecond: total() / Math.max(seconds, 0.001) };
}

type Step = (records: number) => void;

async function addConsultants(
  db: Db,
  make: RecordFactories,
  count: number,
  rows: BulkResult["rows"],
  step: Step,
) {
  const at = new Date().toISOString();
  let next = (await maxId(db, "consultants")) + 1;
  for (let done = 0; done < count; ) {
    const size = Math.min(CHUNK, count - done);
    const consultants = Array.from({ length: size }, () => make.consultant(next++, at));
    await db.kysely.transaction().execute(async (trx) => {
      const ids = await insertRowsReturningIds(trx, db.dialect, "consultants", consultants);
      const timings: NewTimingRow[] = [];
      const addresses: NewAddressRow[] = [];
      for (const id of ids.values()) {
        timings.push(make.timing(id, at));
        addresses.push(make.address(id, at));
        if (make.chance(0.5)) addresses.push(make.address(id, at));
      }
      rows.consultants += ids.size;
      rows.consultantTimings += await insertRows(trx, db.dialect, "consultantTimings", timings);
      rows.consultantAddresses += await insertRows(trx, db.dialect, "consultantAddresses", addresses);
    });
    done += size;
    step(size);
  }
}

async function addAppUsers(
  db: Db,
  make: RecordFactories,
  count: number,
  rows: BulkResult["rows"],
  step: Step,
) {
  if (count === 0) return;
  const at = new Date().toISOString();
  // One argon2id hash of a random password for every generated account: they are not meant to sign in.
  const passwordHash = await hashPassword(randomBytes(24).toString("base64url"));
  let next = (await maxId(db, "users")) + 1;
  const highest = await db.kysely
    .selectFrom("users")
    .select((eb) => eb.fn.max("cnic").as("cnic"))
    .executeTakeFirst();
  let cnic = highest?.cnic ? Math.max(cnicNumber(highest.cnic) + 1, FIRST_CNIC) : FIRST_CNIC;
  for (let done = 0; done < count; ) {
    const size = Math.min(CHUNK, count - done);
    const users = Array.from({ length: size }, () =>
      make.user(next++, { role: "AppUser", cnicNumber: cnic++, passwordHash, at }),
    );
    await db.kysely.transaction().execute(async (trx) => {
      rows.appUsers += await insertRows(trx, db.dialect, "users", users);
    });
    done += size;
    step(size);
  }
}

async function addAppointments(
  db: Db,
  make: RecordFactories,
  count: number,
  businessTimeZone: string,
  rows: BulkResult["rows"],
  step: Step,
) {
  if (count === 0) return;
  const at = new Date().toISOString();
  const today = localDate(new Date(), businessTimeZone);
  const consultants = await db.kysely
    .selectFrom("consultants")
    .select(["id", "name", "contactEmail"])
    .where("deletedAt", "is", null)
    .orderBy("id")
    .execute();
  const users = await db.kysely
    .selectFrom("users")
    .select(["id", "email"])
    .where("role", "=", "AppUser")
    .where("deletedAt", "is", null)
    .execute();
  if (consultants.length === 0 || users.length === 0) throw new Error("No consultants or app users to book");
  // Each consultant's next free booking slot continues after the bookings it already has.
  const booked = new Map<number, number>();
  const existing = await db.kysely
    .selectFrom("appointments")
    .select(["consultantId", (eb) => eb.fn.countAll<number>().as("count")])
    .groupBy("consultantId")
    .execute();
  for (const row of existing) booked.set(row.consultantId, Number(row.count));

  for (let done = 0; done < count; ) {
    const size = Math.min(CHUNK, count - done);
    const appointments = Array.from({ length: size }, () => {
      // Some consultants are far busier than others: the earliest listed get most bookings.
      const consultant = consultants[Math.floor(make.random() ** 2 * consultants.length)] ?? consultants[0];
      const user = make.pick(users);
      if (!consultant) throw new Error("unreachable");
      const k = booked.get(consultant.id) ?? 0;
      booked.set(consultant.id, k + 1);
      const parties: AppointmentParties = { consultant, user };
      return make.appointment(parties, bookingSlot(consultant.id, k, today), at, undefined, businessTimeZone);
    });
    await db.kysely.transaction().execute(async (trx) => {
      // A slot taken by a booking made by hand is skipped rather than double-booked.
      rows.appointments += await insertRows(trx, db.dialect, "appointments", appointments, {
        skipConflicts: true,
      });
    });
    done += size;
    step(size);
  }
}

async function maxId(db: Db, table: "users" | "consultants"): Promise<number> {
  const row = await db.kysely
    .selectFrom(table)
    .select((eb) => eb.fn.max("id").as("id"))
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

async function countRows(db: Db, what: "consultants" | "appUsers"): Promise<number> {
  const row =
    what === "consultants"
      ? await db.kysely
          .selectFrom("consultants")
          .select(sql<number>`count(*)`.as("count"))
          .where("deletedAt", "is", null)
          .executeTakeFirstOrThrow()
      : await db.kysely
          .selectFrom("users")
          .select(sql<number>`count(*)`.as("count"))
          .where("role", "=", "AppUser")
          .where("deletedAt", "is", null)
          .executeTakeFirstOrThrow();
  return Number(row.count);
}
