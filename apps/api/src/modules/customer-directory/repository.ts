import type { DirectorySort } from "@visadesk/contract/customer-directory";
import { type Expression, type ExpressionBuilder, type RawBuilder, type SqlBool, sql } from "kysely";
import { z } from "zod";
import type { Db } from "#api/db/database";
import type { Database, Executor } from "#api/db/schema";

export interface DirectoryFilter {
  search?: string | undefined;
  country?: string | undefined;
  service?: string | undefined;
  minFee?: number | undefined;
  maxFee?: number | undefined;
  minRating?: number | undefined;
}

type Eb = ExpressionBuilder<Database, "consultants">;
/** One key of an order: its expression, its direction, and what a cursor may hold for it. */
interface SortKey {
  expression: RawBuilder<unknown>;
  direction: "asc" | "desc";
  value: z.ZodType<number | string>;
}

const flag = z.union([z.literal(0), z.literal(1)]);
const amount = z.number();
const rowId = z.number().int().positive();
const text = z.string().max(1000);

/** The keys of each order; every order ends with the id, so no two rows tie and no page repeats or skips one. */
function keysOf(db: Db, sort: DirectorySort): SortKey[] {
  const key = (expression: RawBuilder<unknown>, direction: "asc" | "desc", value: SortKey["value"]) => ({
    expression,
    direction,
    value,
  });
  // Missing fees and ratings go last in every order: a flag first, then the value (no sentinel to outgrow).
  const nullsLast = (column: string, direction: "asc" | "desc") => [
    key(sql`case when ${sql.ref(column)} is null then 1 else 0 end`, "asc", flag),
    key(sql`coalesce(${sql.ref(column)}, 0)`, direction, amount),
  ];
  // Code-point order on both engines (SQLite's own; PostgreSQL's would follow the database's locale).
  const name = key(
    db.dialect === "postgres" ? sql`lower(consultants.name) collate "C"` : sql`lower(consultants.name)`,
    "asc",
    text,
  );
  const orders: Record<DirectorySort, SortKey[]> = {
    recommended: [
      key(sql`case when consultants.is_premium then 1 else 0 end`, "desc", flag),
      ...nullsLast("consultants.rating", "desc"),
      name,
    ],
    rating: nullsLast("consultants.rating", "desc"),
    fee: nullsLast("consultants.fee", "asc"),
    feeDesc: nullsLast("consultants.fee", "desc"),
    name: [name],
  };
  return [...orders[sort], key(sql`consultants.id`, "asc", rowId)];
}

/** A page's last row as its order's key values: where the next page starts. */
export type Cursor = (number | string)[];

/** What a cursor of this order must hold: one value of the right kind per key. */
export function cursorSchema(db: Db, sort: DirectorySort) {
  const [first, ...rest] = keysOf(db, sort).map((key) => key.value);
  return z.tuple([first as SortKey["value"], ...rest]) as unknown as z.ZodType<Cursor>;
}

const likePattern = (term: string) => `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const contains = (column: string, term: string) =>
  sql<SqlBool>`lower(coalesce(${sql.ref(column)}, '')) like ${likePattern(term)} escape '\\'`;

function conditions(eb: Eb, filter: DirectoryFilter): Expression<SqlBool>[] {
  const all: Expression<SqlBool>[] = [
    eb("consultants.isApproved", "=", true),
    eb("consultants.deletedAt", "is", null),
  ];
  if (filter.search) {
    // Not search_text: it holds the contact email (a public search must not find by it) and lacks the
    // services and visa offer.
    const term = filter.search;
    all.push(
      eb.or([
        contains("consultants.name", term),
        contains("consultants.businessName", term),
        contains("consultants.services", term),
        contains("consultants.visaOffer", term),
      ]),
    );
  }
  if (filter.service) all.push(contains("consultants.services", filter.service));
  if (filter.country) {
    // consultants.country is a comma-joined list: its countries have rows of their own (migration 019).
    all.push(
      eb.exists(
        eb
          .selectFrom("consultantCountries")
          .select(sql`1`.as("one"))
          .whereRef("consultantCountries.consultantId", "=", "consultants.id")
          .where("consultantCountries.country", "=", filter.country.toLowerCase()),
      ),
    );
  }
  if (filter.minFee !== undefined) all.push(eb("consultants.fee", ">=", filter.minFee));
  if (filter.maxFee !== undefined) all.push(eb("consultants.fee", "<=", filter.maxFee));
  if (filter.minRating !== undefined) all.push(eb("consultants.rating", ">=", filter.minRating));
  return all;
}

/** Rows after the cursor in the order's terms: (k1 beyond v1) or (k1 = v1 and k2 beyond v2) or ... */
function after(keys: SortKey[], cursor: Cursor): RawBuilder<SqlBool> {
  const branches = keys.map((key, index) => {
    const equal = keys.slice(0, index).map((earlier, at) => sql`${earlier.expression} = ${cursor[at]}`);
    const beyond = sql`${key.expression} ${sql.raw(key.direction === "asc" ? ">" : "<")} ${cursor[index]}`;
    return sql`(${sql.join([...equal, beyond], sql` and `)})`;
  });
  return sql<SqlBool>`(${sql.join(branches, sql` or `)})`;
}

/**
 * One page of the directory, with one row more to tell whether another follows, and each row's key values.
 * Keyset paging: a page deep in the list costs what the first does (no offset to skip through).
 */
export async function listDirectory(
  db: Db,
  filter: DirectoryFilter,
  sort: DirectorySort,
  cursor: Cursor | undefined,
  limit: number,
) {
  const keys = keysOf(db, sort);
  const listed = db.kysely
    .selectFrom("consultants")
    .select([
      "consultants.guidId",
      "consultants.name",
      "consultants.businessName",
      "consultants.country",
      "consultants.visaOffer",
      "consultants.services",
      "consultants.fee",
      "consultants.rating",
      "consultants.experience",
      "consultants.isPremium",
      "consultants.logoUrl",
      "consultants.profilePic",
      ...keys.map((key, index) => key.expression.as(`k${index}`)),
    ])
    .where((eb) => eb.and(conditions(eb, filter)));
  // OFFSET 0 keeps PostgreSQL from sorting every listed row before it checks the country of each: fenced,
  // it filters first and keeps only a page of rows in its sort (a deep page took twice as long unfenced).
  const fenced = db.dialect === "postgres" ? listed.offset(0) : listed;
  const columns = keys.map((key, index) => ({ ...key, expression: sql`${sql.ref(`listed.k${index}`)}` }));
  let query = db.kysely.selectFrom(fenced.as("listed")).selectAll();
  if (cursor) query = query.where(after(columns, cursor));
  for (const key of columns) query = query.orderBy(key.expression, key.direction);
  const rows = await query.limit(limit + 1).execute();
  return rows.map((row) => {
    const record = row as typeof row & Record<string, unknown>;
    // Numbers as numbers on both engines, so the cursor holds what its schema expects.
    const values = keys.map((key, index) =>
      key.value === text ? String(record[`k${index}`]) : Number(record[`k${index}`]),
    );
    return { row, keys: values };
  });
}
export type DirectoryRow = Awaited<ReturnType<typeof listDirectory>>[number]["row"];

/** A consultant a customer may see: approved, not deleted, by guidId. */
export function findPublicConsultant(db: Executor, guidId: string) {
  return db
    .selectFrom("consultants")
    .selectAll()
    .where("guidId", "=", guidId)
    .where("isApproved", "=", true)
    .where("deletedAt", "is", null)
    .executeTakeFirst();
}

/** The timings in force (active, not deleted), as the back-office's availability reads them. */
export function timingsOf(db: Executor, consultantId: number) {
  return db
    .selectFrom("consultantTimings")
    .select(["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"])
    .where("consultantId", "=", consultantId)
    .where("isActive", "=", true)
    .where("isDeleted", "=", false)
    .orderBy("id")
    .execute();
}

/** The offices a customer may visit: active and not deleted, oldest first. */
export function addressesOf(db: Executor, consultantId: number) {
  return db
    .selectFrom("consultantAddresses")
    .select(["address", "city", "state", "country", "zipCode"])
    .where("consultantId", "=", consultantId)
    .where("isActive", "=", true)
    .where("isDeleted", "=", false)
    .orderBy("id")
    .execute();
}
