import { sql } from "kysely";
import type { Db } from "#api/db/database";
import type { Executor, NewUserRow, UserUpdate } from "#api/db/schema";
import { rowMatches } from "#api/db/search";
import { type ListedUser, listedColumns, qualified } from "../repository";

export function insertUser(db: Executor, user: NewUserRow) {
  return db.insertInto("users").values(user).returning("guidId").executeTakeFirstOrThrow();
}

/**
 * Changes an account's editable fields and moves its version (migration 009), only while the version is
 * still `expected` when given: the check is the UPDATE's own condition. False when no row matched.
 */
export async function updateUser(db: Executor, id: number, update: UserUpdate, expected: number | undefined) {
  let query = db
    .updateTable("users")
    .set({ ...update, version: sql<number>`version + 1` })
    .where("id", "=", id)
    .where("deletedAt", "is", null);
  if (expected !== undefined) query = query.where("version", "=", expected);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function softDeleteUser(db: Executor, id: number, at: string) {
  return db
    .updateTable("users")
    .set({ deletedAt: at, updatedAt: at })
    .where("id", "=", id)
    .where("deletedAt", "is", null)
    .execute();
}

/**
 * Clears the delete mark. The unique indexes over names, emails and CNICs of accounts that are not deleted
 * refuse it when another account took one of them meanwhile. False when it was not deleted.
 */
export async function restoreUser(db: Executor, id: number, at: string) {
  const result = await db
    .updateTable("users")
    .set({ deletedAt: null, updatedAt: at })
    .where("id", "=", id)
    .where("deletedAt", "is not", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Deleted app users, most recently deleted first, narrowed by the search term. */
function deletedAppUsers(db: Db, search: string | undefined) {
  let query = db.kysely
    .selectFrom("users")
    .where("users.deletedAt", "is not", null)
    .where("users.role", "=", "AppUser");
  if (search) query = query.where(rowMatches(db, "users", search));
  return query;
}

/** One page of deleted app users (an Admin's Deleted filter) and their total. */
export async function pageOfDeletedAppUsers(
  db: Db,
  search: string | undefined,
  page: { offset: number; limit: number },
): Promise<{ rows: Array<ListedUser & { deletedAt: string }>; total: number }> {
  const [rows, count] = await Promise.all([
    deletedAppUsers(db, search)
      .select([...qualified, "users.deletedAt"])
      .orderBy("users.deletedAt", "desc")
      .orderBy("users.id", "desc")
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    deletedAppUsers(db, search)
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as Array<ListedUser & { deletedAt: string }>, total: Number(count.count) };
}

/** An account by its public id, deleted or not, with its delete mark (the restore's lookup). */
export function findUserEvenDeleted(db: Executor, guidId: string) {
  return db
    .selectFrom("users")
    .select([...listedColumns, "deletedAt", "erasedAt"])
    .where("guidId", "=", guidId)
    .executeTakeFirst();
}

/**
 * Records staff's decision on a CNIC, only while its check is still pending (two staff deciding at once:
 * the second matches no row). False when it was not pending.
 */
export async function decidePendingCnic(
  db: Executor,
  id: number,
  decision: "verified" | "rejected",
  at: string,
  from: "pending" | "conflict",
): Promise<boolean> {
  const result = await db
    .updateTable("users")
    .set((eb) => ({
      cnicVerification: decision,
      // A rejected conflict gives up the number another account holds (out of the unique index no longer).
      ...(from === "conflict" && decision === "rejected" ? { cnic: null } : {}),
      updatedAt: at,
      version: eb("version", "+", 1),
    }))
    .where("id", "=", id)
    .where("cnicVerification", "=", from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
