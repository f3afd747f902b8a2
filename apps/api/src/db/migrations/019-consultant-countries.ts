import { type Migration, sql } from "kysely";
import type { DialectName } from "../database";

/**
 * A consultant's countries, one row each, beside the comma-joined `country` column the forms and answers
 * keep. Filtering by country was a pattern match on that column: PostgreSQL cannot estimate how many rows a
 * pattern matches, so it guessed, and planned the country filter with a sort badly (figure 11). Here each
 * country is a value with statistics of its own, found by (country, consultant) or checked per consultant
 * by (consultant, country). Triggers keep the rows in the transaction of every consultant insert and every
 * change of its countries; a hard delete takes them with it. Countries are stored lowercased, as the forms
 * save them and the filter asks for them.
 */
export function consultantCountriesMigration(dialect: DialectName): Migration {
  return {
    async up(db) {
      await sql
        .raw(`create table consultant_countries (
          country text not null,
          consultant_id integer not null references consultants (id) on delete cascade,
          primary key (country, consultant_id)
        )${dialect === "sqlite" ? " without rowid" : ""}`)
        .execute(db);
      await sql`create index consultant_countries_by_consultant on consultant_countries (consultant_id, country)`.execute(
        db,
      );
      if (dialect === "postgres") {
        await sql`insert into consultant_countries (country, consultant_id)
          select distinct lower(token), consultants.id
          from consultants, unnest(string_to_array(consultants.country, ',')) as token
          where token <> ''`.execute(db);
        await sql
          .raw(`create function consultant_countries_follow() returns trigger language plpgsql as $$
            begin
              if tg_op = 'UPDATE' then
                delete from consultant_countries where consultant_id = new.id;
              end if;
              insert into consultant_countries (country, consultant_id)
                select distinct lower(token), new.id
                from unnest(string_to_array(new.country, ',')) as token
                where token <> '';
              return null;
            end
          $$`)
          .execute(db);
        await sql`create trigger consultant_countries_insert after insert on consultants
          for each row execute function consultant_countries_follow()`.execute(db);
        await sql`create trigger consultant_countries_update after update of country on consultants
          for each row when (old.country is distinct from new.country)
          execute function consultant_countries_follow()`.execute(db);
        return;
      }
      // SQLite has no split: the list becomes a JSON array of its parts, which json_each reads as rows
      // (backslashes and quotes escaped first; countries are plain words, checked by the forms).
      const parts = (row: string) =>
        `json_each('["' || replace(replace(replace(coalesce(${row}.country, ''), '\\', '\\\\'), '"', '\\"'), ',', '","') || '"]')`;
      const insertParts = (row: string, from = "") =>
        `insert or ignore into consultant_countries (country, consultant_id)
          select lower(value), ${row}.id from ${from}${parts(row)} where value <> ''`;
      await sql.raw(insertParts("consultants", "consultants, ")).execute(db);
      await sql
        .raw(`create trigger consultant_countries_insert after insert on consultants
          begin ${insertParts("new")}; end`)
        .execute(db);
      await sql
        .raw(`create trigger consultant_countries_update after update of country on consultants
          when old.country is not new.country
          begin
            delete from consultant_countries where consultant_id = new.id;
            ${insertParts("new")};
          end`)
        .execute(db);
    },
  };
}
