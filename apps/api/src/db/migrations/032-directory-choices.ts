import { type Kysely, type Migration, sql } from "kysely";
import type { DialectName } from "../database";
import { noticeChangesOf } from "./021-change-notices";

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was, not today's types.
type AnyDb = Kysely<any>;

/**
 * The directory's filters from the data. A consultant's languages spoken (a new comma-joined column, as
 * `country` is) and visa types (the items of its comma-joined services, lowercased) each get one row per
 * item, as its countries have (migration 019): the directory filters by them with statistics of their own,
 * and its list of choices walks each table's distinct values by its key (a seek per value, not a read of
 * every row). Triggers keep the rows in the transaction of every consultant insert and every change of the
 * column; a hard delete takes them with it. Items are trimmed and lowercased; empty ones are dropped.
 */
export function directoryChoicesMigration(dialect: DialectName): Migration {
  return {
    async up(db) {
      await db.schema.alterTable("consultants").addColumn("languages_spoken", "text").execute();
      await itemRows(db, dialect, {
        table: "consultant_languages",
        item: "language",
        from: "languages_spoken",
      });
      await itemRows(db, dialect, { table: "consultant_visa_types", item: "visa_type", from: "services" });
      // Like every table, they tell the API processes of their changes (migration 021).
      if (dialect === "postgres") {
        for (const table of ["consultant_languages", "consultant_visa_types"]) {
          await noticeChangesOf(table).execute(db);
        }
      }
    },
  };
}

/** `table` (item, consultant_id): one row per item of consultants.`from`, kept by triggers. */
async function itemRows(
  db: AnyDb,
  dialect: DialectName,
  { table, item, from }: { table: string; item: string; from: string },
) {
  await sql
    .raw(`create table ${table} (
      ${item} text not null,
      consultant_id integer not null references consultants (id) on delete cascade,
      primary key (${item}, consultant_id)
    )${dialect === "sqlite" ? " without rowid" : ""}`)
    .execute(db);
  await sql.raw(`create index ${table}_by_consultant on ${table} (consultant_id, ${item})`).execute(db);
  if (dialect === "postgres") {
    const tokens = (row: string) =>
      `select distinct lower(btrim(token)) as value, ${row}.id as id
        from unnest(string_to_array(${row}.${from}, ',')) as token where btrim(token) <> ''`;
    await sql
      .raw(`insert into ${table} (${item}, consultant_id)
        select distinct lower(btrim(token)), consultants.id
        from consultants, unnest(string_to_array(consultants.${from}, ',')) as token
        where btrim(token) <> ''`)
      .execute(db);
    await sql
      .raw(`create function ${table}_follow() returns trigger language plpgsql as $$
        begin
          if tg_op = 'UPDATE' then
            delete from ${table} where consultant_id = new.id;
          end if;
          insert into ${table} (${item}, consultant_id) select value, id from (${tokens("new")}) as items;
          return null;
        end
      $$`)
      .execute(db);
    await sql
      .raw(`create trigger ${table}_insert after insert on consultants
        for each row execute function ${table}_follow()`)
      .execute(db);
    await sql
      .raw(`create trigger ${table}_update after update of ${from} on consultants
        for each row when (old.${from} is distinct from new.${from})
        execute function ${table}_follow()`)
      .execute(db);
    return;
  }
  // SQLite has no split (and no WITH inside a trigger): the text as a JSON string (json_quote escapes any
  // character free text may hold, never a comma), each comma closing one string and opening the next, is
  // an array json_each reads as rows.
  const parts = (row: string) =>
    `json_each('[' || replace(json_quote(coalesce(${row}.${from}, '')), ',', '","') || ']')`;
  const insertParts = (row: string, source = "") =>
    `insert or ignore into ${table} (${item}, consultant_id)
      select lower(trim(value)), ${row}.id from ${source}${parts(row)} where trim(value) <> ''`;
  await sql.raw(insertParts("consultants", "consultants, ")).execute(db);
  await sql
    .raw(`create trigger ${table}_insert after insert on consultants begin ${insertParts("new")}; end`)
    .execute(db);
  await sql
    .raw(`create trigger ${table}_update after update of ${from} on consultants
      when old.${from} is not new.${from}
      begin
        delete from ${table} where consultant_id = new.id;
        ${insertParts("new")};
      end`)
    .execute(db);
}
