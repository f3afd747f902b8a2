import { type Insertable, type Selectable, sql, type Updateable } from "kysely";
import type { ConsultantAddressesTable, ConsultantTimingsTable, Executor } from "#api/db/schema";
import { nextVersion } from "./repository";

/** A consultant's timings and addresses: audited records of one consultant, soft deleted. */

type RecordTable = "consultantTimings" | "consultantAddresses";
export type TimingRecord = Selectable<ConsultantTimingsTable>;
export type AddressRecord = Selectable<ConsultantAddressesTable>;
/** The row of each record table. */
export interface RecordOf {
  consultantTimings: TimingRecord;
  consultantAddresses: AddressRecord;
}

/** The timings and the addresses of one consultant (known not deleted) that are not deleted; oldest first. */
export async function recordsOfConsultant(db: Executor, consultantId: number) {
  const timings = await db
    .selectFrom("consultantTimings")
    .selectAll()
    .where("consultantId", "=", consultantId)
    .where("isDeleted", "=", false)
    .orderBy("id", "asc")
    .execute();
  const addresses = await db
    .selectFrom("consultantAddresses")
    .selectAll()
    .where("consultantId", "=", consultantId)
    .where("isDeleted", "=", false)
    .orderBy("id", "asc")
    .execute();
  return { timings, addresses };
}

/** The columns timings and addresses share: both are audited records of one consultant. */
type SharedColumns = Pick<TimingRecord, keyof TimingRecord & keyof AddressRecord>;

/** Timings or addresses (`r`) that are not deleted, of consultants (`c`) that are not deleted. */
function liveRecords(db: Executor, table: RecordTable) {
  return db
    .selectFrom(sql<SharedColumns>`${sql.table(table)}`.as("r"))
    .innerJoin("consultants as c", "c.id", "r.consultantId")
    .where("r.isDeleted", "=", false)
    .where("c.deletedAt", "is", null);
}

/** Each record with the public key of its consultant. */
type Listed<R> = Array<{ record: R; consultantGuid: string }>;
interface ListOptions {
  consultantId?: number[];
  limit?: number;
  offset?: number;
}

/** Timings or addresses that are not deleted, with their consultant's guidId; oldest first. */
export function listRecords<T extends RecordTable>(
  db: Executor,
  table: T,
  options: ListOptions,
): Promise<Listed<RecordOf[T]>>;
export async function listRecords(db: Executor, table: RecordTable, options: ListOptions) {
  // Every column of `table`: its whole row, typed by the signature above.
  let query = liveRecords(db, table)
    .selectAll("r")
    .select("c.guidId as consultantGuid")
    .orderBy("r.id", "asc");
  if (options.consultantId) query = query.where("r.consultantId", "in", options.consultantId);
  if (options.limit !== undefined) query = query.limit(options.limit).offset(options.offset ?? 0);
  const rows = await query.execute();
  return rows.map(({ consultantGuid, ...record }) => ({ record, consultantGuid }));
}

export async function countRecords(db: Executor, table: RecordTable, consultantId?: number) {
  let query = liveRecords(db, table).select((eb) => eb.fn.countAll<number>().as("count"));
  if (consultantId !== undefined) query = query.where("r.consultantId", "=", consultantId);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.count);
}

export function findRecord(
  db: Executor,
  table: "consultantTimings",
  id: number,
): Promise<TimingRecord | undefined>;
export function findRecord(
  db: Executor,
  table: "consultantAddresses",
  id: number,
): Promise<AddressRecord | undefined>;
export function findRecord(db: Executor, table: RecordTable, id: number) {
  return db.selectFrom(table).selectAll().where("id", "=", id).executeTakeFirst();
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
