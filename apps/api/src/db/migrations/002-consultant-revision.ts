import { type Migration, sql } from "kysely";
import type { DialectName } from "../database";

/**
 * consultants.revision: a counter the database itself moves on every change to a consultant, its timings
 * or its addresses, so a copy of a consultant's detail can be checked for freshness with one small read
 * (and no code path can forget to move it). Triggers: SQLite's are statements, PostgreSQL's call functions.
 */
export function consultantRevisionMigration(dialect: DialectName): Migration {
  const pg = dialect === "postgres";
  return {
    async up(db) {
      await db.schema
        .alterTable("consultants")
        .addColumn("revision", "integer", (col) => col.notNull().defaultTo(0))
        .execute();
      if (pg) {
        await sql`create function consultant_revision_on_update() returns trigger language plpgsql as $$
          begin new.revision := old.revision + 1; return new; end $$`.execute(db);
        await sql`create trigger consultants_revision before update on consultants
          for each row execute function consultant_revision_on_update()`.execute(db);
        await sql`create function consultant_revision_of_record() returns trigger language plpgsql as $$
          begin update consultants set revision = revision + 1 where id = new.consultant_id; return null; end $$`.execute(
          db,
        );
        for (const table of ["consultant_timings", "consultant_addresses"]) {
          await sql
            .raw(`create trigger ${table}_revision after insert or update on ${table}
              for each row execute function consultant_revision_of_record()`)
            .execute(db);
        }
        return;
      }
      // A record's trigger moves the revision itself; the consultant's own one skips updates that already did.
      await sql`create trigger consultants_revision after update on consultants
        when new.revision = old.revision begin
          update consultants set revision = revision + 1 where id = new.id;
        end`.execute(db);
      for (const table of ["consultant_timings", "consultant_addresses"]) {
        for (const event of ["insert", "update"]) {
          await sql
            .raw(`create trigger ${table}_revision_${event} after ${event} on ${table} begin
              update consultants set revision = revision + 1 where id = new.consultant_id;
            end`)
            .execute(db);
        }
      }
    },
  };
}
