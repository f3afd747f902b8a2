import type { SortOrder } from "@visadesk/contract/lists";
import type { UserSort } from "@visadesk/contract/lists-constants";
import type { UserListRole } from "@visadesk/contract/users";
import { type Expression, type ExpressionBuilder, expressionBuilder, type SqlBool, sql } from "kysely";
import { type CsvCell, copyOf } from "#api/db/csv-copy";
import type { Db } from "#api/db/database";
import { boundedTotal, exactTotal, type ListTotal, readRowCounts } from "#api/db/list-total";
import type { Database, Executor, NewUserRow, UserRow, UserUpdate } from "#api/db/schema";
import {
  countUpTo,
  matchesTerm,
  newestFirst,
  rowMatches,
  type SearchColumn,
  type SearchTerm,
  sampleMatches,
  sampleWhere,
  windowOf,
} from "#api/db/search";
import { columnKey, keyColumns, keysetPages, orderOf, type SortKeys, textKey } from "#api/db/sorting";
import type { PageReader } from "#api/lib/lists";

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
  "cnicVerification",
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
  /** Without it, rejected accounts are left out (the lists' and the dashboard's set). */
  status?: "active" | "pending" | "rejected" | undefined;
  /** The CNIC verification queue (app users). */
  verification?: "pending" | "verified" | "rejected" | undefined;
}

/** The conditions besides the search term: not deleted, the status asked (or not rejected), the role. */
function filterCondition(filter: UserFilter) {
  return (eb: ExpressionBuilder<Database, "users">) => {
    const conditions: Expression<SqlBool>[] = [eb("users.deletedAt", "is", null)];
    conditions.push(
      filter.status ? eb("users.status", "=", filter.status) : eb("users.status", "!=", "rejected"),
    );
    if (filter.role === "AppUser" || filter.role === "Admin" || filter.role === "Staff")
      conditions.push(eb("users.role", "=", filter.role));
    if (filter.role === "internal") conditions.push(eb("users.role", "in", ["Admin", "Staff"]));
    if (filter.verification) conditions.push(eb("users.cnicVerification", "=", filter.verification));
    return eb.and(conditions);
  };
}

/**
 * Accounts the lists show, newest first: not deleted and not rejected unless asked for (the dashboard
 * counts the same set). The role condition matches the partial index users_role_list (role, id) where
 * deleted_at is null; the search term is answered as db/search.ts describes (in the search digits when
 * `column` says so).
 */
function listed(db: Db, filter: UserFilter, column: SearchColumn = "text") {
  return newestFirst(db, "users", filter.search, column).where(filterCondition(filter));
}

/**
 * Every account of a role filter that is not deleted, whatever its status, newest first: what a filtered
 * total samples. Not the listed set, which leaves rejected accounts out: a Rejected filter would then find
 * none in its sample and answer a total of 0 beside the rows it lists.
 */
function ofRole(db: Db, role: UserFilter["role"]) {
  return newestFirst(db, "users", undefined).where((eb) => {
    const conditions: Expression<SqlBool>[] = [eb("users.deletedAt", "is", null)];
    if (role === "AppUser" || role === "Admin" || role === "Staff")
      conditions.push(eb("users.role", "=", role));
    if (role === "internal") conditions.push(eb("users.role", "in", ["Admin", "Staff"]));
    return eb.and(conditions);
  });
}

/** The key each sortable field orders by, as the indexes of migration 013 hold it (then the id). */
const sortKeys: Record<UserSort, SortKeys> = {
  userName: [columnKey("users.userName"), columnKey("users.id")],
  email: [columnKey("users.email"), columnKey("users.id")],
  fullName: [
    sql`coalesce(${sql.ref("users.firstName")}, '') || ' ' || coalesce(${sql.ref("users.lastName")}, '')`,
    columnKey("users.id"),
  ],
  phoneNumber: [textKey("users.phoneNumber"), columnKey("users.id")],
  cnic: [textKey("users.cnic"), columnKey("users.id")],
  createdAt: [columnKey("users.createdAt"), columnKey("users.id")],
};

function sorted(db: Db, filter: UserFilter, sort: SortOrder<UserSort> | undefined) {
  const query = listed(db, filter);
  return sort ? query.clearOrderBy().orderBy(orderOf(sortKeys[sort.field], sort.descending)) : query;
}

const qualified = listedColumns.map((column) => `users.${column}` as const);

export function listUsers(db: Db, filter: UserFilter, sort?: SortOrder<UserSort>): Promise<ListedUser[]> {
  return sorted(db, filter, sort).select(qualified).execute();
}

/** The counters (migration 007) that hold each role filter's total without a search. */
const counterOf = {
  AppUser: ["users.AppUser"],
  internal: ["users.internal"],
  all: ["users.AppUser", "users.internal"],
} as const;

/** How many accounts a role's list holds, from its counter. */
export async function rolePopulation(db: Db, role: "AppUser" | "internal"): Promise<number> {
  const counts = await readRowCounts(db.kysely, counterOf[role]);
  return Object.values<number>(counts).reduce((sum, n) => sum + n, 0);
}

/**
 * One page, newest first unless sorted, and the total: a counter without a search or a narrower filter;
 * with one, exact up to EXACT_TOTAL_LIMIT matches and an estimate (marked so) above it, or always exact
 * when `exact` (list-total.ts).
 */
export async function pageOfUsers(
  db: Db,
  filter: UserFilter,
  page: { offset: number; limit: number },
  sort?: SortOrder<UserSort>,
  exact = false,
): Promise<{ rows: ListedUser[]; total: ListTotal }> {
  const counted = filter.role === "Admin" || filter.role === "Staff" ? "internal" : filter.role;
  const population = async () => {
    const counts = await readRowCounts(db.kysely, counterOf[counted ?? "all"]);
    return Object.values<number>(counts).reduce((sum, n) => sum + n, 0);
  };
  const search = filter.search;
  // The counters hold the lists' default sets: AppUser, internal or both, rejected left out.
  const fromCounter = !search && !filter.status && !filter.verification && counted === filter.role;
  const countMatches = (limit: number) => countUpTo(db, listed(db, filter), limit);
  const [rows, total] = await Promise.all([
    sorted(db, filter, sort).select(qualified).limit(page.limit).offset(page.offset).execute(),
    fromCounter
      ? population().then((n): ListTotal => ({ total: n }))
      : exact
        ? exactTotal(countMatches)
        : boundedTotal({
            countUpTo: countMatches,
            sample: (size) =>
              search && !filter.status && !filter.verification && counted === filter.role
                ? sampleMatches(db, "users", listed(db, { role: filter.role }), search, size)
                : sampleWhere(
                    db,
                    ofRole(db, counted),
                    sql<SqlBool>`${filterCondition(filter)(expressionBuilder<Database, "users">())} and ${
                      search ? rowMatches(db, "users", search) : sql`1 = 1`
                    }`,
                    size,
                  ),
            population,
          }),
  ]);
  return { rows, total };
}

/** The list's query in the export's order: the list's sort, or the newest first. */
function exportOrder(db: Db, filter: UserFilter, sort: SortOrder<UserSort> | undefined) {
  const order = sort ?? { field: "id" as const, descending: true };
  const keys = order.field === "id" ? [columnKey("users.id")] : sortKeys[order.field];
  return {
    keys,
    descending: order.descending,
    query: listed(db, filter).clearOrderBy().orderBy(orderOf(keys, order.descending)),
  };
}

/** Every account of the list, in its order, a keyset page at a time (see exportConsultants). */
export function exportUsers(
  db: Db,
  filter: UserFilter,
  sort: SortOrder<UserSort> | undefined,
  pageSize: number,
): PageReader<ListedUser> {
  const { keys, descending, query } = exportOrder(db, filter, sort);
  return keysetPages(keys, descending, pageSize, async (after) => {
    let page = query.select([...qualified, ...keyColumns(keys)]).limit(pageSize);
    if (after) page = page.where(after);
    return (await page.execute()) as Array<ListedUser & Record<string, unknown>>;
  });
}

/** The same export as one COPY statement (PostgreSQL), writing the given cells. */
export const copyUsers = (
  db: Db,
  filter: UserFilter,
  sort: SortOrder<UserSort> | undefined,
  cells: readonly CsvCell[],
) => copyOf(exportOrder(db, filter, sort).query, cells);

/**
 * The header search's accounts of a role among the ids one pass of the indexes found
 * (modules/search/window.ts): the listed ones, newest first, at most `limit` of them read whole, and how
 * many there are. Reads each id by key, never the table.
 */
export async function usersAmong(db: Db, role: "AppUser" | "internal", ids: number[], limit: number) {
  if (ids.length === 0) return { rows: [], hits: 0 };
  // Each id probed by key, newest first in memory: the list's order (its index walked newest first)
  // would test every row of the table for the few ids instead.
  const byKey = () => listed(db, { role }).clearOrderBy();
  const listedIds = (await byKey().select("users.id").where("users.id", "in", ids).execute())
    .map((row) => row.id)
    .sort((x, y) => y - x);
  const first = listedIds.slice(0, limit);
  const rows = first.length
    ? (await byKey().select(qualified).where("users.id", "in", first).execute()).sort((x, y) => y.id - x.id)
    : [];
  return { rows, hits: listedIds.length };
}

/**
 * The header search on the newest `size` listed accounts of a role (modules/search/window.ts): those of
 * them matching the term, newest first, at most `limit`, and how many of the `size` matched.
 */
export async function usersInWindow(
  db: Db,
  role: "AppUser" | "internal",
  term: SearchTerm,
  limit: number,
  size: number,
) {
  const { ids, ...window } = await windowOf(
    "users",
    listed(db, { role }),
    matchesTerm(db, "users", term),
    size,
    limit,
  );
  const rows = ids.length
    ? await listed(db, { role }).select(qualified).where("users.id", "in", ids).execute()
    : [];
  return { rows, window };
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

/** An account that is not deleted, by its public id, whatever its status (a rejected one too). */
export function findUserAnyStatus(db: Executor, guidId: string): Promise<ListedUser | undefined> {
  return db
    .selectFrom("users")
    .select(listedColumns)
    .where("guidId", "=", guidId)
    .where("deletedAt", "is", null)
    .executeTakeFirst();
}

/** Moves a rejected account back to pending; false when it was not rejected (any more). */
export async function reopenRejected(db: Executor, id: number, at: string): Promise<boolean> {
  const result = await db
    .updateTable("users")
    .set({ status: "pending", updatedAt: at })
    .where("id", "=", id)
    .where("status", "=", "rejected")
    .where("deletedAt", "is", null)
    .executeTakeFirst();
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
    .select([...listedColumns, "deletedAt", "erasedAt"])
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

/** Of these accounts, the ids of those with a second factor set up (an authenticator app or a passkey). */
export async function withTwoFactor(db: Executor, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom("users")
    .select("id")
    .where("id", "in", ids)
    .where("isMfaEnabled", "=", true)
    .execute();
  return new Set(rows.map((row) => row.id));
}
