import { COUNTRY_VALUES, LANGUAGE_VALUES } from "@visadesk/contract/consultants-constants";
import { DIRECTORY_CHOICES_MAX, type DirectoryFilters } from "@visadesk/contract/customer-directory";
import { type SqlBool, sql } from "kysely";
import type { Db } from "#api/db/database";
import { boundedTotal, type ListTotal, readRowCounts } from "#api/db/list-total";
import { DIRECTORY_FTS, directoryListed } from "#api/db/migrations/026-directory-search";
import { conditions, type DirectoryFilter, type Eb, phraseQuery, rareTerm } from "./directory-filters";

/*
 * The directory's filter choices from the data, and about how many consultants a filtered directory holds
 * (its first page says so).
 */

/**
 * The distinct values of one item table (migrations 019 and 032) that a listed consultant has: a walk of
 * its key from one value to the next (a seek each, recursively), each kept when a listed consultant holds
 * it. Its cost grows with the number of distinct values, not of consultants. OFFSET 0 keeps PostgreSQL from
 * turning the check into a join of every listed consultant with every row of the table (measured at 20k: 120
 * ms that way, a few index reads per value this one).
 */
async function listedValues(db: Db, table: string, column: string, max: number): Promise<string[]> {
  const t = sql.table(table);
  const c = sql.ref(column);
  const { rows } = await sql<{ value: string }>`with recursive walk (value) as (
      select min(${c}) from ${t}
      union all
      select (select min(${c}) from ${t} where ${c} > walk.value) from walk where walk.value is not null
    )
    select value from walk
    where value is not null and exists (
      select 1 from ${t} as item join consultants on consultants.id = item.consultant_id
      where item.${c} = walk.value and ${sql.raw(directoryListed("consultants"))}
      limit 1 offset 0
    )
    order by value
    limit ${max}`.execute(db.kysely);
  return rows.map((row) => row.value);
}

/** The countries, languages and visa types listed consultants have, each sorted (the first so many). */
export async function directoryChoices(db: Db): Promise<DirectoryFilters> {
  const [countries, languages, visaTypes] = await Promise.all([
    listedValues(db, "consultant_countries", "country", COUNTRY_VALUES.length),
    listedValues(db, "consultant_languages", "language", LANGUAGE_VALUES.length),
    listedValues(db, "consultant_visa_types", "visa_type", DIRECTORY_CHOICES_MAX),
  ]);
  return { countries, languages, visaTypes };
}

/**
 * The consultants holding the filter's language, visa type or country (the first asked of these), as a set
 * of ids from its item table's key: a count can start from these few instead of testing every listed
 * consultant (the page itself walks its order's index and tests each row, which stops at a page).
 */
function byItems(eb: Eb, filter: DirectoryFilter) {
  if (filter.language) {
    return [
      eb(
        "consultants.id",
        "in",
        eb
          .selectFrom("consultantLanguages")
          .select("consultantLanguages.consultantId")
          .where("consultantLanguages.language", "=", filter.language.toLowerCase()),
      ),
    ];
  }
  if (filter.visaType) {
    return [
      eb(
        "consultants.id",
        "in",
        eb
          .selectFrom("consultantVisaTypes")
          .select("consultantVisaTypes.consultantId")
          .where("consultantVisaTypes.visaType", "=", filter.visaType.toLowerCase()),
      ),
    ];
  }
  if (filter.country) {
    return [
      eb(
        "consultants.id",
        "in",
        eb
          .selectFrom("consultantCountries")
          .select("consultantCountries.consultantId")
          .where("consultantCountries.country", "=", filter.country.toLowerCase()),
      ),
    ];
  }
  return [];
}

/**
 * About how many listed consultants match (list-total.ts): exact up to EXACT_TOTAL_LIMIT, else estimated
 * from their share of the newest consultants. A rare term (directory-filters.ts) is counted from its
 * trigram matches alone, fewer than RARE_MATCHES by its definition.
 */
export async function directoryTotal(db: Db, filter: DirectoryFilter): Promise<ListTotal> {
  const rare = await rareTerm(db, filter);
  const countUpTo = async (limit: number) => {
    let matches =
      rare && db.dialect === "sqlite"
        ? db.kysely
            .selectFrom(sql<{ rowid: number }>`${sql.table(DIRECTORY_FTS)}`.as("fts"))
            .crossJoin("consultants")
            .select(sql`1`.as("one"))
            .where(sql<SqlBool>`consultants.id = fts.rowid`)
            .where(sql<SqlBool>`${sql.ref(`fts.${DIRECTORY_FTS}`)} match ${phraseQuery(rare)}`)
            .where((eb) =>
              eb.and(
                conditions(
                  db,
                  eb as unknown as Eb,
                  rare === filter.search ? { ...filter, search: undefined } : filter,
                ),
              ),
            )
        : db.kysely
            .selectFrom("consultants")
            .select(sql`1`.as("one"))
            .where((eb) => eb.and([...conditions(db, eb, filter), ...byItems(eb, filter)]));
    matches = matches.limit(limit);
    const row = await db.kysely
      .selectFrom(matches.as("matches"))
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };
  const sample = async (size: number) => {
    const newest = db.kysely
      .selectFrom("consultants")
      .select("id")
      .where("deletedAt", "is", null)
      .orderBy("id", "desc")
      .limit(size);
    const row = await db.kysely
      .selectFrom(newest.as("newest"))
      .innerJoin("consultants", "consultants.id", "newest.id")
      .select((eb) => [
        eb.fn.countAll<number>().as("seen"),
        sql<number>`coalesce(sum(case when ${eb.and(conditions(db, eb as unknown as Eb, filter))} then 1 else 0 end), 0)`.as(
          "hits",
        ),
      ])
      .executeTakeFirstOrThrow();
    return { seen: Number(row.seen), hits: Number(row.hits) };
  };
  const population = async () => (await readRowCounts(db.kysely, ["consultants"])).consultants;
  return boundedTotal({ countUpTo, sample, population });
}
