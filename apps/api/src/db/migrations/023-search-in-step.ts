import { type Kysely, type Migration, sql } from "kysely";
import type { DialectName } from "../database";

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was, not today's types.
type AnyDb = Kysely<any>;

/** What people type between the digits of a phone number or a CNIC. */
export const NUMBER_SEPARATORS = [" ", "-", "+", "(", ")", ".", "/"] as const;

/** The digits of a column, its separators taken out: the same expression on both engines. */
const digitsOf = (column: string) =>
  NUMBER_SEPARATORS.reduce(
    (expr, separator) => `replace(${expr}, '${separator}', '')`,
    `coalesce(${column}, '')`,
  );

/**
 * Search that sees every write, and numbers found by their digits.
 *
 * SQLite kept the trigram index of a row's search text by a trigger on `update of search_text`, but that
 * column is derived: no UPDATE names it, so the trigger never ran and an edited name stayed findable only by
 * its old value. The update triggers now run on any update whose search text changed, and every trigram
 * index is rebuilt from its table, so databases edited before this are right again.
 *
 * An account's search text also holds its phone number's digits (the list finds a number typed with or
 * without its separators). search_digits holds the digits of the numbers the header search finds by any
 * run of them: a consultant's phone number; an account's phone number and CNIC. Each has a trigram index
 * (FTS5 on SQLite, pg_trgm on PostgreSQL).
 */
export function searchInStepMigration(dialect: DialectName): Migration {
  const pg = dialect === "postgres";
  const sep = pg ? "chr(31)" : "char(31)";
  const userText = `(lower(${[
    ...["user_name", "email", "first_name", "last_name", "phone_number"].map((f) => `coalesce(${f}, '')`),
    digitsOf("phone_number"),
  ].join(` || ${sep} || `)}))`;
  const digits = {
    users: `(${digitsOf("phone_number")} || ' ' || ${digitsOf("cnic")})`,
    consultants: `(${digitsOf("phone_number")})`,
  } as const;
  // SQLite adds derived columns only as VIRTUAL (computed when read); PostgreSQL indexes only STORED ones.
  const derived = (expression: string) =>
    `text generated always as ${expression} ${pg ? "stored" : "virtual"}`;

  /** SQLite: an FTS5 trigram table over one column of `table`, kept in step by triggers. */
  const ftsIndex = async (db: AnyDb, table: string, fts: string, column: string) => {
    if (!(await exists(db, fts))) {
      await sql
        .raw(
          `create virtual table ${fts} using fts5(${column}, content='${table}', content_rowid='id', tokenize='trigram')`,
        )
        .execute(db);
    }
    for (const event of ["ai", "ad", "au"])
      await sql.raw(`drop trigger if exists ${fts}_${event}`).execute(db);
    const remove = `insert into ${fts}(${fts}, rowid, ${column}) values ('delete', old.id, old.${column});`;
    const add = `insert into ${fts}(rowid, ${column}) values (new.id, new.${column});`;
    await sql.raw(`create trigger ${fts}_ai after insert on ${table} begin ${add} end`).execute(db);
    await sql.raw(`create trigger ${fts}_ad after delete on ${table} begin ${remove} end`).execute(db);
    // Any UPDATE: a derived column is never named in one, so `update of` it would never fire.
    await sql
      .raw(
        `create trigger ${fts}_au after update on ${table} when old.${column} is not new.${column}
         begin ${remove} ${add} end`,
      )
      .execute(db);
    await sql.raw(`insert into ${fts}(${fts}) values ('rebuild')`).execute(db);
  };

  return {
    async up(db) {
      if (pg) {
        await sql`alter table users drop column search_text`.execute(db);
        await sql.raw(`alter table users add column search_text ${derived(userText)}`).execute(db);
        await sql`create index users_search_trgm on users using gin (search_text public.gin_trgm_ops)`.execute(
          db,
        );
        for (const table of ["users", "consultants"] as const) {
          await sql
            .raw(`alter table ${table} add column search_digits ${derived(digits[table])}`)
            .execute(db);
          await sql
            .raw(
              `create index ${table}_digits_trgm on ${table} using gin (search_digits public.gin_trgm_ops)`,
            )
            .execute(db);
        }
        return;
      }
      // The old triggers name search_text, which SQLite refuses to drop while they do.
      for (const table of ["users", "consultants"]) {
        for (const event of ["ai", "ad", "au"]) {
          await sql.raw(`drop trigger if exists ${table}_search_${event}`).execute(db);
        }
      }
      await sql`alter table users drop column search_text`.execute(db);
      await sql.raw(`alter table users add column search_text ${derived(userText)}`).execute(db);
      for (const table of ["users", "consultants"] as const) {
        await sql.raw(`alter table ${table} add column search_digits ${derived(digits[table])}`).execute(db);
        await ftsIndex(db, table, `${table}_search`, "search_text");
        await ftsIndex(db, table, `${table}_digits`, "search_digits");
      }
    },
  };
}

async function exists(db: AnyDb, name: string): Promise<boolean> {
  const row = await sql<{ n: number }>`select count(*) as n from sqlite_master where name = ${name}`.execute(
    db,
  );
  return Number(row.rows[0]?.n ?? 0) > 0;
}
