import { type Insertable, type Kysely, type Selectable, sql, type Updateable } from "kysely";
import type { Db } from "../../db/database";
import { boundedTotal, type ListTotal, readRowCounts } from "../../db/list-total";
import { preparedQuery } from "../../db/prepared";
import type {
  ConsultantAddressesTable,
  ConsultantRow,
  ConsultantsTable,
  ConsultantTimingsTable,
  Database,
} from "../../db/schema";
import { countFromIndexesUpTo, countUpTo, newestFirst, rowMatches, sampleMatches } from "../../db/search";
import { isNumericId } from "../../lib/ids";

/** A connection or a transaction: repository functions run inside either (a caller opens the transaction). */
export type Executor = Kysely<Database>;

/** Every column but the derived search text. */
const consultantColumns = [
  "id",
  "guidId",
  "name",
  "businessName",
  "aboutInfo",
  "website",
  "address",
  "country",
  "visaOffer",
  "services",
  "fee",
  "tags",
  "contactEmail",
  "phoneNumber",
  "officeNumber",
  "timing",
  "experience",
  "rating",
  "satisfiedClients",
  "isApproved",
  "isPremium",
  "timeZone",
  "logoUrl",
  "profilePic",
  "profilePicThumbnail",
  "createdAt",
  "updatedAt",
  "createdBy",
  "updatedBy",
  "deletedAt",
  "revision",
  "version",
] as const;
export type ConsultantRecord = Omit<ConsultantRow, "searchText">;

/** Consultants that are not deleted, newest first, narrowed by the search term (db/search.ts). */
function listed(db: Db, search: string | undefined) {
  return newestFirst(db, "consultants", search).where("consultants.deletedAt", "is", null);
}

/**
 * One page of consultants that are not deleted, newest first. The order is the one the indexes give
 * (consultants_list, or the trigram index when searching), so a page reads about its own rows only.
 */
export async function listConsultants(
  db: Db,
  options: { search?: string | undefined; limit?: number; offset?: number },
): Promise<ConsultantRecord[]> {
  let query = listed(db, options.search || undefined).select(
    consultantColumns.map((column) => `consultants.${column}` as const),
  );
  if (options.limit !== undefined) query = query.limit(options.limit).offset(options.offset ?? 0);
  return query.execute();
}

/**
 * The total of the list: the database's counter without a search; with one, exact up to
 * EXACT_TOTAL_LIMIT matches and an estimate (marked so) above it.
 */
export async function countConsultants(db: Db, search?: string): Promise<ListTotal> {
  const population = async () => (await readRowCounts(db.kysely, ["consultants"])).consultants;
  if (!search) return { total: await population() };
  return boundedTotal({
    countUpTo: async (limit) =>
      (await countFromIndexesUpTo(db, "consultants", search, limit)) ??
      countUpTo(db, listed(db, search), limit),
    sample: (size) => sampleMatches(db, "consultants", listed(db, undefined), search, size),
    population,
  });
}

// Looked up on every consultant screen and booking: compiled once (db/prepared.ts).
const consultantByGuid = preparedQuery(
  (db, guidId: string) =>
    db
      .selectFrom("consultants")
      .select(consultantColumns)
      .where("deletedAt", "is", null)
      .where("guidId", "=", guidId),
  1,
);
const consultantById = preparedQuery(
  (db, id: number) =>
    db
      .selectFrom("consultants")
      .select(consultantColumns)
      .where("deletedAt", "is", null)
      .where("id", "=", id),
  1,
);

const revisionByGuid = preparedQuery(
  (db, guidId: string) =>
    db
      .selectFrom("consultants")
      .select("revision")
      .where("deletedAt", "is", null)
      .where("guidId", "=", guidId),
  1,
);
const revisionById = preparedQuery(
  (db, id: number) =>
    db.selectFrom("consultants").select("revision").where("deletedAt", "is", null).where("id", "=", id),
  1,
);

/** The revision of a consultant that is not deleted (migration 002), by the same keys as findConsultant. */
export async function consultantRevision(db: Executor, key: string): Promise<number | undefined> {
  const [row] = isNumericId(key)
    ? await revisionById.execute(db, Number(key))
    : await revisionByGuid.execute(db, key);
  return row?.revision;
}

/** A consultant that is not deleted, by its guidId (or its numeric id, which appointments may hold). */
export async function findConsultant(db: Executor, key: string): Promise<ConsultantRecord | undefined> {
  const [row] = isNumericId(key)
    ? await consultantById.execute(db, Number(key))
    : await consultantByGuid.execute(db, key);
  return row;
}

export async function insertConsultant(
  db: Executor,
  values: Insertable<ConsultantsTable>,
): Promise<ConsultantRecord> {
  return db.insertInto("consultants").values(values).returning(consultantColumns).executeTakeFirstOrThrow();
}

/** Adds one to a record's version in the UPDATE that changes its editable fields (migration 009). */
const nextVersion = sql<number>`version + 1`;

/**
 * Changes a consultant's editable fields and moves its version, only while the version is still `expected`
 * (when given): the check is the UPDATE's own condition, so of two racing saves exactly one matches.
 * Undefined when no row matched (deleted, or changed since).
 */
export async function updateConsultant(
  db: Executor,
  id: number,
  values: Updateable<ConsultantsTable>,
  expected: number | undefined,
): Promise<ConsultantRecord | undefined> {
  let query = db
    .updateTable("consultants")
    .set({ ...values, version: nextVersion })
    .where("id", "=", id)
    .where("deletedAt", "is", null);
  if (expected !== undefined) query = query.where("version", "=", expected);
  return query.returning(consultantColumns).executeTakeFirst();
}

export async function softDeleteConsultant(db: Executor, id: number, at: string, by: string) {
  await db
    .updateTable("consultants")
    .set({ deletedAt: at, updatedAt: at, updatedBy: by })
    .where("id", "=", id)
    .where("deletedAt", "is", null)
    .execute();
}

/** Deleted consultants, most recently deleted first, narrowed by the search term. */
function deleted(db: Db, search: string | undefined) {
  let query = db.kysely.selectFrom("consultants").where("consultants.deletedAt", "is not", null);
  if (search) query = query.where(rowMatches(db, "consultants", search));
  return query;
}

/** One page of deleted consultants (an Admin's Deleted filter) and their total. */
export async function pageOfDeletedConsultants(
  db: Db,
  options: { search?: string | undefined; limit: number; offset: number },
): Promise<{ rows: ConsultantRecord[]; total: number }> {
  const [rows, count] = await Promise.all([
    deleted(db, options.search)
      .select(consultantColumns.map((column) => `consultants.${column}` as const))
      .orderBy("consultants.deletedAt", "desc")
      .orderBy("consultants.id", "desc")
      .limit(options.limit)
      .offset(options.offset)
      .execute(),
    deleted(db, options.search)
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.count) };
}

/** A consultant by guidId or numeric id, deleted or not (the restore's lookup). */
export async function findConsultantEvenDeleted(
  db: Executor,
  key: string,
): Promise<ConsultantRecord | undefined> {
  const query = db.selectFrom("consultants").select(consultantColumns);
  return (
    isNumericId(key) ? query.where("id", "=", Number(key)) : query.where("guidId", "=", key)
  ).executeTakeFirst();
}

/** Clears the delete mark; false when the consultant was not deleted (a restore racing another). */
export async function restoreConsultant(db: Executor, id: number, at: string, by: string) {
  const result = await db
    .updateTable("consultants")
    .set({ deletedAt: null, updatedAt: at, updatedBy: by })
    .where("id", "=", id)
    .where("deletedAt", "is not", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The booked, not cancelled appointments from the given business-local date on, with their customer's email. */
export function upcomingAppointments(db: Executor, consultantId: number, fromDate: string) {
  return db
    .selectFrom("appointments")
    .innerJoin("users", "users.id", "appointments.userId")
    .select([
      "appointments.id",
      "appointments.appointmentDate",
      "appointments.appointmentTime",
      "appointments.description",
      "users.email as customerEmail",
    ])
    .where("appointments.consultantId", "=", consultantId)
    .where("appointments.appointmentDate", ">=", fromDate)
    .where("appointments.isCancelled", "=", false)
    .orderBy("appointments.appointmentDate")
    .orderBy("appointments.appointmentTime")
    .execute();
}

/** Cancels the appointments named (moving their versions), with the reason the cancel gave. */
export async function cancelAppointments(
  db: Executor,
  ids: number[],
  cancel: { at: string; by: string; reason: string },
) {
  if (ids.length === 0) return;
  await db
    .updateTable("appointments")
    .set({
      isCancelled: true,
      cancelledAt: cancel.at,
      cancelledBy: cancel.by,
      cancellationReason: cancel.reason,
      updatedAt: cancel.at,
      updatedBy: cancel.by,
      version: nextVersion,
    })
    .where("id", "in", ids)
    .where("isCancelled", "=", false)
    .execute();
  // A cancelled appointment gets no automatic reminder: the ones not sent yet go.
  await db
    .deleteFrom("appointmentReminders")
    .where("appointmentId", "in", ids)
    .where("state", "!=", "sent")
    .execute();
}

/** The appointments a consultant's delete cancelled: cancelled at the very instant of the delete, still so. */
export async function countCancelledByDelete(db: Executor, consultantId: number, deletedAt: string) {
  const row = await db
    .selectFrom("appointments")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("consultantId", "=", consultantId)
    .where("isCancelled", "=", true)
    .where("cancelledAt", "=", deletedAt)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Booked appointments from the given business-local date on that are not cancelled. */
export async function countUpcomingAppointments(db: Executor, consultantId: number, fromDate: string) {
  const row = await db
    .selectFrom("appointments")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("consultantId", "=", consultantId)
    .where("appointmentDate", ">=", fromDate)
    .where("isCancelled", "=", false)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

type RecordTable = "consultantTimings" | "consultantAddresses";
export type TimingRecord = Selectable<ConsultantTimingsTable>;
export type AddressRecord = Selectable<ConsultantAddressesTable>;
type RecordOf<T extends RecordTable> = T extends "consultantTimings" ? TimingRecord : AddressRecord;

// biome-ignore lint/suspicious/noExplicitAny: timings and addresses share the audited columns used below.
const loose = (db: Executor) => db as unknown as Kysely<any>;

const timingsOfConsultant = preparedQuery(
  (db, consultantId: number) =>
    db
      .selectFrom("consultantTimings")
      .selectAll()
      .where("consultantId", "=", consultantId)
      .where("isDeleted", "=", false)
      .orderBy("id", "asc"),
  1,
);
const addressesOfConsultant = preparedQuery(
  (db, consultantId: number) =>
    db
      .selectFrom("consultantAddresses")
      .selectAll()
      .where("consultantId", "=", consultantId)
      .where("isDeleted", "=", false)
      .orderBy("id", "asc"),
  1,
);

/** The timings and the addresses of one consultant (known not deleted) that are not deleted; oldest first. */
export async function recordsOfConsultant(db: Executor, consultantId: number) {
  const timings = await timingsOfConsultant.execute(db, consultantId);
  const addresses = await addressesOfConsultant.execute(db, consultantId);
  return { timings: timings as TimingRecord[], addresses: addresses as AddressRecord[] };
}

/** Timings or addresses that are not deleted, with their consultant's guidId; oldest first. */
export async function listRecords<T extends RecordTable>(
  db: Executor,
  table: T,
  options: { consultantId?: number[]; limit?: number; offset?: number },
): Promise<Array<RecordOf<T> & { consultantGuid: string }>> {
  const from: string = `${table} as r`;
  let query = loose(db)
    .selectFrom(from)
    .innerJoin("consultants as c", "c.id", "r.consultantId")
    .selectAll("r")
    .select("c.guidId as consultantGuid")
    .where("r.isDeleted", "=", false)
    .where("c.deletedAt", "is", null)
    .orderBy("r.id", "asc");
  if (options.consultantId) query = query.where("r.consultantId", "in", options.consultantId);
  if (options.limit !== undefined) query = query.limit(options.limit).offset(options.offset ?? 0);
  return (await query.execute()) as Array<RecordOf<T> & { consultantGuid: string }>;
}

export async function countRecords(db: Executor, table: RecordTable, consultantId?: number) {
  let query = loose(db)
    .selectFrom(`${table} as r`)
    .innerJoin("consultants as c", "c.id", "r.consultantId")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("r.isDeleted", "=", false)
    .where("c.deletedAt", "is", null);
  if (consultantId !== undefined) query = query.where("r.consultantId", "=", consultantId);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function findRecord<T extends RecordTable>(
  db: Executor,
  table: T,
  id: number,
): Promise<RecordOf<T> | undefined> {
  return (await loose(db).selectFrom(table).selectAll().where("id", "=", id).executeTakeFirst()) as
    | RecordOf<T>
    | undefined;
}

export async function insertTiming(db: Executor, values: Insertable<ConsultantTimingsTable>) {
  return db.insertInto("consultantTimings").values(values).returningAll().executeTakeFirstOrThrow();
}
/** Like updateConsultant: undefined when the timing is deleted or no longer at `expected`. */
export async function updateTiming(
  db: Executor,
  id: number,
  values: Updateable<ConsultantTimingsTable>,
  expected: number | undefined,
) {
  let query = db
    .updateTable("consultantTimings")
    .set({ ...values, version: nextVersion })
    .where("id", "=", id)
    .where("isDeleted", "=", false);
  if (expected !== undefined) query = query.where("version", "=", expected);
  return query.returningAll().executeTakeFirst();
}
export async function insertAddress(db: Executor, values: Insertable<ConsultantAddressesTable>) {
  return db.insertInto("consultantAddresses").values(values).returningAll().executeTakeFirstOrThrow();
}
/** Like updateConsultant: undefined when the address is deleted or no longer at `expected`. */
export async function updateAddress(
  db: Executor,
  id: number,
  values: Updateable<ConsultantAddressesTable>,
  expected: number | undefined,
) {
  let query = db
    .updateTable("consultantAddresses")
    .set({ ...values, version: nextVersion })
    .where("id", "=", id)
    .where("isDeleted", "=", false);
  if (expected !== undefined) query = query.where("version", "=", expected);
  return query.returningAll().executeTakeFirst();
}
