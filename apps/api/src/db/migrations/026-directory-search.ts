import { type Kysely, type Migration, sql } from "kysely";
import type { DialectName } from "../database";

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was, not today's types.
type AnyDb = Kysely<any>;

/** The customer directory's sort orders (the contract's DirectorySort). */
export type DirectoryOrder = "recommended" | "rating" | "fee" | "feeDesc" | "name";

/**
 * The keys of each directory order as SQL over `table`'s columns, every one ascending, so a cursor is one
 * row-value comparison that an index seeks to: a descending value is negated, premium first is a 0 before
 * a 1, and missing fees and ratings go last by a flag before the value. The migration's indexes and the
 * repository's queries both build their keys here, so the two cannot drift (an index is used only for an
 * expression written the same way). PostgreSQL compares names by code point, as SQLite does.
 */
export function directoryOrderKeys(dialect: DialectName, table = ""): Record<DirectoryOrder, string[]> {
  const col = (name: string) => `${table ? `${table}.` : ""}${name}`;
  const missing = (name: string) => `(case when ${col(name)} is null then 1 else 0 end)`;
  const value = (name: string) => `coalesce(${col(name)}, 0)`;
  const negated = (name: string) => `(-coalesce(${col(name)}, 0))`;
  const name = dialect === "postgres" ? `(lower(${col("name")}) collate "C")` : `lower(${col("name")})`;
  const id = col("id");
  return {
    recommended: [
      `(case when ${col("is_premium")} then 0 else 1 end)`,
      missing("rating"),
      negated("rating"),
      name,
      id,
    ],
    rating: [missing("rating"), negated("rating"), id],
    fee: [missing("fee"), value("fee"), id],
    feeDesc: [missing("fee"), negated("fee"), id],
    name: [name, id],
  };
}

/** The rows the directory lists; every directory index holds only these. */
export const directoryListed = (table = "") => {
  const col = (name: string) => `${table ? `${table}.` : ""}${name}`;
  return `${col("is_approved")} and ${col("deleted_at")} is null`;
};

/** The FTS5 table of directory_text on SQLite. */
export const DIRECTORY_FTS = "consultants_directory";

/**
 * The public directory's own search text and indexes.
 *
 * directory_text: the four fields a customer's search looks in (name, business name, services, visa
 * offer), lowercased and joined by a separator no one types; not search_text, which holds the contact
 * email (a public search must not find by it). It has a trigram index (FTS5 on SQLite kept in step by
 * triggers on any update that changes it, pg_trgm GIN on PostgreSQL), so a term of three characters or more
 * finds its consultants without reading the table.
 *
 * One partial index per sort order over the listed consultants (approved, not deleted), on that order's
 * keys: a page reads its rows in order and stops at its limit, and a cursor seeks into the index.
 */
export function directorySearchMigration(dialect: DialectName): Migration {
  const pg = dialect === "postgres";
  const sep = pg ? "chr(31)" : "char(31)";
  const fields = ["name", "business_name", "services", "visa_offer"].map((f) => `coalesce(${f}, '')`);
  const text = `(lower(${fields.join(` || ${sep} || `)}))`;
  return {
    async up(db) {
      // SQLite adds derived columns only as VIRTUAL (computed when read); PostgreSQL indexes only STORED ones.
      await sql
        .raw(
          `alter table consultants add column directory_text text generated always as ${text} ${pg ? "stored" : "virtual"}`,
        )
        .execute(db);
      if (pg) {
        await sql`create index consultants_directory_trgm on consultants using gin (directory_text public.gin_trgm_ops)`.execute(
          db,
        );
      } else {
        await ftsIndex(db);
      }
      for (const [order, keys] of Object.entries(directoryOrderKeys(dialect))) {
        await sql
          .raw(
            `create index consultants_directory_${order.toLowerCase()} on consultants (${keys.join(", ")}) where ${directoryListed()}`,
          )
          .execute(db);
      }
    },
  };
}

/** SQLite: the FTS5 trigram table over directory_text, filled now and kept in step by triggers. */
async function ftsIndex(db: AnyDb) {
  const fts = DIRECTORY_FTS;
  await sql
    .raw(
      `create virtual table ${fts} using fts5(directory_text, content='consultants', content_rowid='id', tokenize='trigram')`,
    )
    .execute(db);
  const remove = `insert into ${fts}(${fts}, rowid, directory_text) values ('delete', old.id, old.directory_text);`;
  const add = `insert into ${fts}(rowid, directory_text) values (new.id, new.directory_text);`;
  await sql.raw(`create trigger ${fts}_ai after insert on consultants begin ${add} end`).execute(db);
  await sql.raw(`create trigger ${fts}_ad after delete on consultants begin ${remove} end`).execute(db);
  // Any UPDATE: a derived column is never named in one, so `update of` it would never fire.
  await sql
    .raw(
      `create trigger ${fts}_au after update on consultants when old.directory_text is not new.directory_text
       begin ${remove} ${add} end`,
    )
    .execute(db);
  await sql.raw(`insert into ${fts}(${fts}) values ('rebuild')`).execute(db);
}
