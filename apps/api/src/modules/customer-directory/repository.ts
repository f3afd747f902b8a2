import type { DirectorySort } from "@visadesk/contract/customer-directory";
import { type Expression, type ExpressionBuilder, type RawBuilder, type SqlBool, sql } from "kysely";
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
/** One key of an order: its expression and direction; every order ends with the id, so rows never tie. */
interface SortKey {
  expression: RawBuilder<number | string>;
  direction: "asc" | "desc";
}

// Nulls go last in every order: a missing fee or rating sorts as the least attractive value.
const premium = sql<number>`case when consultants.is_premium then 1 else 0 end`;
const rating = sql<number>`coalesce(consultants.rating, -1)`;
const feeUp = sql<number>`coalesce(consultants.fee, 1e15)`;
const feeDown = sql<number>`coalesce(consultants.fee, -1)`;
const name = sql<string>`lower(consultants.name)`;
const id = sql<number>`consultants.id`;

const ORDERS: Record<DirectorySort, SortKey[]> = {
  recommended: [
    { expression: premium, direction: "desc" },
    { expression: rating, direction: "desc" },
    { expression: name, direction: "asc" },
  ],
  rating: [{ expression: rating, direction: "desc" }],
  fee: [{ expression: feeUp, direction: "asc" }],
  feeDesc: [{ expression: feeDown, direction: "desc" }],
  name: [{ expression: name, direction: "asc" }],
};
const keysOf = (sort: DirectorySort): SortKey[] => [...ORDERS[sort], { expression: id, direction: "asc" }];

/** A page's last row as its sort keys' values: where the next page starts. */
export type Cursor = (number | string)[];

const likePattern = (term: string) => `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const contains = (column: string, term: string) =>
  sql<SqlBool>`lower(coalesce(${sql.ref(column)}, '')) like ${likePattern(term)} escape '\\'`;

function conditions(eb: Eb, filter: DirectoryFilter): Expression<SqlBool>[] {
  const all: Expression<SqlBool>[] = [
    eb("consultants.isApproved", "=", true),
    eb("consultants.deletedAt", "is", null),
  ];
  if (filter.search) {
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
    return sql.join([...equal, beyond], sql` and `);
  });
  return sql<SqlBool>`(${sql.join(
    branches.map((branch) => sql`(${branch})`),
    sql` or `,
  )})`;
}

/** One page of the directory (one row more, to tell whether another page follows), with each row's keys. */
export async function listDirectory(
  db: Db,
  filter: DirectoryFilter,
  sort: DirectorySort,
  cursor: Cursor | undefined,
  limit: number,
) {
  const keys = keysOf(sort);
  let query = db.kysely
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
  if (cursor) query = query.where(after(keys, cursor));
  for (const key of keys) query = query.orderBy(key.expression, key.direction);
  const rows = await query.limit(limit + 1).execute();
  return rows.map((row) => {
    const record = row as typeof row & Record<string, number | string>;
    return { row, keys: keys.map((_, index) => record[`k${index}`] as number | string) };
  });
}

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
