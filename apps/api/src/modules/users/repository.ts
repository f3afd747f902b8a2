import type { SortOrder } from "@visadesk/contract/lists";
import type { UserSort } from "@visadesk/contract/lists-constants";
import type { UserListRole } from "@visadesk/contract/users";
import { type Expression, type ExpressionBuilder, expressionBuilder, type SqlBool, sql } from "kysely";
import type { Db } from "#api/db/database";
import { filteredTotal, listExport, listedAmong, listedInWindow, sortedBy } from "#api/db/list-queries";
import { type ListTotal, readRowCounts } from "#api/db/list-total";
import type { Database, Executor, UserRow } from "#api/db/schema";
import { countUpTo, newestFirst, type SearchColumn, type SearchTerm } from "#api/db/search";
import { columnKey, type SortKeys, textKey } from "#api/db/sorting";

/** Every column an answer shows; never the password hash. */
export const listedColumns = [
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
  verification?: "pending" | "verified" | "rejected" | "conflict" | undefined;
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

export const qualified = listedColumns.map((column) => `users.${column}` as const);

export function listUsers(db: Db, filter: UserFilter, sort?: SortOrder<UserSort>): Promise<ListedUser[]> {
  return sortedBy(listed(db, filter), sortKeys, sort).select(qualified).execute();
}

/** The counters (migration 007) that hold each role filter's total without a search. */
const counterOf = {
  AppUser: ["users.AppUser"],
  internal: ["users.internal"],
  all: ["users.AppUser", "users.internal"],
} as const;

/** How many accounts a role's list (or both lists, "all") holds, from its counters. */
export async function rolePopulation(db: Db, role: keyof typeof counterOf): Promise<number> {
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
  const population = () => rolePopulation(db, counted ?? "all");
  const search = filter.search;
  // The counters hold the lists' default sets: AppUser, internal or both, rejected left out.
  const defaultSet = !filter.status && !filter.verification && counted === filter.role;
  const fromCounter = !search && defaultSet;
  const [rows, total] = await Promise.all([
    sortedBy(listed(db, filter), sortKeys, sort)
      .select(qualified)
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    fromCounter
      ? population().then((n): ListTotal => ({ total: n }))
      : filteredTotal(
          db,
          "users",
          {
            search,
            searchOnly: defaultSet,
            searched: listed(db, { role: filter.role }),
            unfiltered: ofRole(db, counted),
            filter: filterCondition(filter)(expressionBuilder<Database, "users">()),
            countUpTo: (limit) => countUpTo(db, listed(db, filter), limit),
            population,
          },
          exact,
        ),
  ]);
  return { rows, total };
}

const exported = listExport("users", listed, sortKeys, (query) => query.select(qualified));
/** Every account of the list, in its order, a keyset page at a time (db/list-queries.ts). */
export const exportUsers = exported.pages;
/** The same export as one COPY statement (PostgreSQL), writing the given cells. */
export const copyUsers = exported.copy;

/**
 * The header search's accounts of a role among the ids one pass of the indexes found
 * (modules/search/window.ts): the listed ones, newest first, at most `limit` of them read whole, and how
 * many there are. Reads each id by key, never the table.
 */
export const usersAmong = (db: Db, role: "AppUser" | "internal", ids: number[], limit: number) =>
  listedAmong(
    "users",
    () => listed(db, { role }),
    ids,
    limit,
    (query) => query.select(qualified),
  );

/**
 * The header search on the newest `size` listed accounts of a role (modules/search/window.ts): those of
 * them matching the term, newest first, at most `limit`, and how many of the `size` matched.
 */
export const usersInWindow = (
  db: Db,
  role: "AppUser" | "internal",
  term: SearchTerm,
  limit: number,
  size: number,
) =>
  listedInWindow(
    db,
    "users",
    () => listed(db, { role }),
    { term, limit, size },
    (query) => query.select(qualified),
  );

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
