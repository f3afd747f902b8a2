import type { UserListRole } from "@visadesk/contract/users";
import { type Kysely, sql } from "kysely";
import type { Db } from "../../db/database";
import { boundedTotal, type ListTotal, readRowCounts } from "../../db/list-total";
import type { Database, NewUserRow, UserRow, UserUpdate } from "../../db/schema";
import { countUpTo, newestFirst, rowMatches, sampleMatches } from "../../db/search";

export type Executor = Kysely<Database>;

/** Every column an answer shows; never the password hash. */
const listedColumns = [
  "id",
  "guidId",
  "userName",
  "email",
  "firstName",
  "lastName",
  "phoneNumber",
  "dateOfBirth",
  "cnic",
  "address",
  "profilePic",
  "cnicFront",
  "cnicBack",
  "timeZone",
  "role",
  "status",
  "suspendedAt",
  "createdAt",
  "version",
] as const;
export type ListedUser = Pick<UserRow, (typeof listedColumns)[number]>;

export interface UserFilter {
  role?: UserListRole | undefined;
  search?: string | undefined;
}

/**
 * Accounts the lists show, newest first: not deleted and not rejected (the dashboard counts the same set).
 * The role condition matches the partial index users_role_list (role, id) where deleted_at is null; the
 * search term is answered as db/search.ts describes.
 */
function listed(db: Db, filter: UserFilter) {
  let query = newestFirst(db, "users", filter.search)
    .where("users.deletedAt", "is", null)
    .where("users.status", "!=", "rejected");
  if (filter.role === "AppUser") query = query.where("users.role", "=", "AppUser");
  if (filter.role === "internal") query = query.where("users.role", "in", ["Admin", "Staff"]);
  return query;
}

const qualified = listedColumns.map((column) => `users.${column}` as const);

export function listUsers(db: Db, filter: UserFilter): Promise<ListedUser[]> {
  return listed(db, filter).select(qualified).execute();
}

/** The counters (migration 007) that hold each role filter's total without a search. */
const counterOf = {
  AppUser: ["users.AppUser"],
  internal: ["users.internal"],
  all: ["users.AppUser", "users.internal"],
} as const;

/**
 * One page, newest first, and the total: a counter without a search; with one, exact up to
 * EXACT_TOTAL_LIMIT matches and an estimate (marked so) above it.
 */
export async function pageOfUsers(
  db: Db,
  filter: UserFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: ListedUser[]; total: ListTotal }> {
  const population = async () => {
    const counts = await readRowCounts(db.kysely, counterOf[filter.role ?? "all"]);
    return Object.values<number>(counts).reduce((sum, n) => sum + n, 0);
  };
  const search = filter.search;
  const [rows, total] = await Promise.all([
    listed(db, filter).select(qualified).limit(page.limit).offset(page.offset).execute(),
    search
      ? boundedTotal({
          countUpTo: (limit) => countUpTo(db, listed(db, filter), limit),
          sample: (size) => sampleMatches(db, "users", listed(db, { role: filter.role }), search, size),
          population,
        })
      : population().then((n): ListTotal => ({ total: n })),
  ]);
  return { rows, total };
}

/** A listed account (not deleted, not rejected) by its public id. */
export function findUser(db: Executor, guidId: string): Promise<ListedUser | undefined> {
  return db
    .selectFrom("users")
    .select(listedColumns)
    .where("guidId", "=", guidId)
    .where("deletedAt", "is", null)
    .where("status", "!=", "rejected")
    .executeTakeFirst();
}

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

/** Moves a pending account to active or rejected; false when it was no longer pending. */
export async function decidePending(
  db: Executor,
  id: number,
  status: "active" | "rejected",
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable("users")
    .set({ status, updatedAt: at })
    .where("id", "=", id)
    .where("status", "=", "pending")
    .where("deletedAt", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * The active, not suspended Admins, locked for the rest of the transaction on PostgreSQL so two Admins
 * demoting or suspending each other at once cannot both pass the last-Admin check (SQLite runs one write
 * transaction at a time).
 */
export async function lockActiveAdmins(db: Executor, dialect: "sqlite" | "postgres"): Promise<number[]> {
  const query = db
    .selectFrom("users")
    .select("id")
    .where("role", "=", "Admin")
    .where("status", "=", "active")
    .where("suspendedAt", "is", null)
    .where("deletedAt", "is", null);
  const rows = await (dialect === "postgres" ? query.forUpdate() : query).execute();
  return rows.map((row) => row.id);
}

export function setSuspended(db: Executor, id: number, suspendedAt: string | null, at: string) {
  return db.updateTable("users").set({ suspendedAt, updatedAt: at }).where("id", "=", id).execute();
}

export function setRole(db: Executor, id: number, role: "Admin" | "Staff", at: string) {
  return db.updateTable("users").set({ role, updatedAt: at }).where("id", "=", id).execute();
}

export function softDeleteUser(db: Executor, id: number, at: string) {
  return db
    .updateTable("users")
    .set({ deletedAt: at, updatedAt: at })
    .where("id", "=", id)
    .where("deletedAt", "is", null)
    .execute();
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
    .select([...listedColumns, "deletedAt"])
    .where("guidId", "=", guidId)
    .executeTakeFirst();
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
