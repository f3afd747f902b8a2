import { CONSULTANT_FIELD_NAMES } from "@visadesk/contract/consultant-fields-constants";
import { type Insertable, sql, type Updateable } from "kysely";
import type { Db } from "#api/db/database";
import type { ConsultantRow, ConsultantsTable, Executor } from "#api/db/schema";
import { rowMatches } from "#api/db/search";
import { isNumericId } from "#api/lib/ids";
import { consultantNoShows } from "../appointments/queries";

/**
 * A consultant's own row: read by its keys, added, edited with its version, deleted and restored (the
 * list, its count and export, and the header search are list-repository.ts; timings and addresses
 * timing-address-repository.ts).
 */

/** The fields the consultant forms edit, as the contract declares them. */
export const CONSULTANT_FIELDS = CONSULTANT_FIELD_NAMES satisfies ReadonlyArray<keyof ConsultantsTable>;

/** Every column but the derived search text and digits. */
export const consultantColumns = [
  "id",
  "guidId",
  ...CONSULTANT_FIELDS,
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
export type ConsultantRecord = Omit<ConsultantRow, "searchText" | "searchDigits" | "directoryText">;

/** A consultant that is not deleted, by its guidId or its numeric id (which appointments may hold). */
function byKey(db: Executor, key: string) {
  const query = db.selectFrom("consultants").where("deletedAt", "is", null);
  return isNumericId(key) ? query.where("id", "=", Number(key)) : query.where("guidId", "=", key);
}

/**
 * The revision (migration 002) and no-show count of a consultant that is not deleted, by the same keys as
 * findConsultant.
 */
export async function consultantRevision(
  db: Executor,
  key: string,
): Promise<{ revision: number; noShows: number } | undefined> {
  const row = await byKey(db, key)
    .select(["revision", consultantNoShows.as("noShows")])
    .executeTakeFirst();
  return row && { revision: row.revision, noShows: Number(row.noShows) };
}

/** A consultant that is not deleted, by its guidId (or its numeric id, which appointments may hold). */
export function findConsultant(db: Executor, key: string): Promise<ConsultantRecord | undefined> {
  return byKey(db, key).select(consultantColumns).executeTakeFirst();
}

export async function insertConsultant(
  db: Executor,
  values: Insertable<ConsultantsTable>,
): Promise<ConsultantRecord> {
  return db.insertInto("consultants").values(values).returning(consultantColumns).executeTakeFirstOrThrow();
}

/** Adds one to a record's version in the UPDATE that changes its editable fields (migration 009). */
export const nextVersion = sql<number>`version + 1`;

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
