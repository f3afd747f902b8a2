import { type Expression, type ExpressionBuilder, type SqlBool, sql } from "kysely";
import type { Db } from "#api/db/database";
import { DIRECTORY_FTS, directoryListed } from "#api/db/migrations/026-directory-search";
import type { Database } from "#api/db/schema";

/*
 * The customer directory's search and filters over the consultants: the conditions a listed row must meet,
 * and whether a term is rare enough to be looked up in the trigram index first (directory-queries.ts).
 */

export interface DirectoryFilter {
  search?: string | undefined;
  country?: string | undefined;
  language?: string | undefined;
  visaType?: string | undefined;
  service?: string | undefined;
  minFee?: number | undefined;
  maxFee?: number | undefined;
  minRating?: number | undefined;
}

export type Eb = ExpressionBuilder<Database, "consultants">;

/** Terms shorter than this have no trigram: they are tested on each row read. */
const TRIGRAM = 3;
/**
 * A term with fewer trigram matches than this is rare: its consultants are found through the trigram
 * index and sorted (at most this many rows read). A commoner one fills a page within a few of the order's
 * rows, so the order's index is walked and each row tested.
 */
export const RARE_MATCHES = 1000;
/** directory_text's separator: a term holding it could span two fields, so it is matched field by field. */
const SEPARATOR = "\u001f";

const likePattern = (term: string) => `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const contains = (column: string, term: string) =>
  sql<SqlBool>`lower(coalesce(${sql.ref(column)}, '')) like ${likePattern(term)} escape '\\'`;
// An FTS5 phrase of the term: its trigrams at consecutive positions, a substring match from the index alone.
export const phraseQuery = (term: string) => `"${term.toLowerCase().replace(/"/g, '""')}"`;
const indexable = (term: string | undefined): term is string =>
  term !== undefined && [...term].length >= TRIGRAM && !term.includes(SEPARATOR);

/** The term in the name, business name, services or visa offer: the derived column holds all four. */
function searched(term: string): Expression<SqlBool> {
  if (term.includes(SEPARATOR)) {
    return sql<SqlBool>`(${sql.join(
      ["consultants.name", "consultants.businessName", "consultants.services", "consultants.visaOffer"].map(
        (column) => contains(column, term),
      ),
      sql` or `,
    )})`;
  }
  return sql<SqlBool>`consultants.directory_text like ${likePattern(term)} escape '\\'`;
}

/**
 * The term in the services. On PostgreSQL as ILIKE on the column itself, whose statistics tell the planner
 * a common service is common (an expression's selectivity is a guess, which made it sort every row).
 */
const inServices = (db: Db, term: string) =>
  db.dialect === "postgres"
    ? sql<SqlBool>`consultants.services ilike ${likePattern(term)} escape '\\'`
    : contains("consultants.services", term);

export function conditions(db: Db, eb: Eb, filter: DirectoryFilter): Expression<SqlBool>[] {
  // Written as the directory's partial indexes state it, so the planner sees they hold every listed row.
  const all: Expression<SqlBool>[] = [sql<SqlBool>`${sql.raw(directoryListed("consultants"))}`];
  // Not search_text: it holds the contact email (a public search must not find by it).
  if (filter.search) all.push(searched(filter.search));
  if (filter.service) all.push(inServices(db, filter.service));
  // Comma-joined lists (countries, languages, services): their items have rows of their own (migrations
  // 019 and 032), each looked up by (consultant, item).
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
  if (filter.language) {
    all.push(
      eb.exists(
        eb
          .selectFrom("consultantLanguages")
          .select(sql`1`.as("one"))
          .whereRef("consultantLanguages.consultantId", "=", "consultants.id")
          .where("consultantLanguages.language", "=", filter.language.toLowerCase()),
      ),
    );
  }
  if (filter.visaType) {
    all.push(
      eb.exists(
        eb
          .selectFrom("consultantVisaTypes")
          .select(sql`1`.as("one"))
          .whereRef("consultantVisaTypes.consultantId", "=", "consultants.id")
          .where("consultantVisaTypes.visaType", "=", filter.visaType.toLowerCase()),
      ),
    );
  }
  if (filter.minFee !== undefined) all.push(eb("consultants.fee", ">=", filter.minFee));
  if (filter.maxFee !== undefined) all.push(eb("consultants.fee", "<=", filter.maxFee));
  if (filter.minRating !== undefined) all.push(eb("consultants.rating", ">=", filter.minRating));
  return all;
}

/**
 * The first of the search and service terms that is rare (fewer trigram matches than RARE_MATCHES),
 * counted from the trigram index; undefined when neither can be or is.
 */
export async function rareTerm(db: Db, filter: DirectoryFilter): Promise<string | undefined> {
  for (const term of [filter.search, filter.service]) {
    if (!indexable(term)) continue;
    const found =
      db.dialect === "postgres"
        ? sql<{ n: number }>`select count(*) as n from (select 1 from consultants
            where directory_text like ${likePattern(term)} escape '\\' limit ${RARE_MATCHES}) as found`
        : sql<{ n: number }>`select count(*) as n from (select 1 from ${sql.table(DIRECTORY_FTS)}
            where ${sql.ref(DIRECTORY_FTS)} match ${phraseQuery(term)} limit ${RARE_MATCHES}) as found`;
    const { rows } = await found.execute(db.kysely);
    if (Number(rows[0]?.n ?? 0) < RARE_MATCHES) return term;
  }
  return undefined;
}
