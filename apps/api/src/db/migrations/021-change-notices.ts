import { type Migration, sql } from "kysely";
import { CHANGES_CHANNEL } from "../change-channel";
import type { DialectName } from "../database";

/**
 * PostgreSQL's change mark (Db.changeMark): after every insert, update, delete or truncate of any table of the
 * product, one notice on a channel that each API process listens to. PostgreSQL delivers it after the commit
 * (never for a rollback), and once per transaction however many statements sent it. A statement trigger, so
 * a bulk change costs one notice, not one per row. Every table, not only those read through db/kept-reads.ts:
 * a new kept read then needs nothing here. A table added by a later migration must call `noticeChangesOf`
 * (db/change-mark.test.ts fails for a table without it). SQLite has its own counters: nothing to do there.
 */
export function changeNoticesMigration(dialect: DialectName): Migration {
  return {
    async up(db) {
      if (dialect !== "postgres") return;
      await sql
        .raw(`create function visadesk_changed() returns trigger language plpgsql as $$
          begin
            perform pg_notify('${CHANGES_CHANNEL}', '');
            return null;
          end $$`)
        .execute(db);
      const { rows } = await sql<{ name: string }>`
        select table_name as name from information_schema.tables
        where table_schema = current_schema() and table_type = 'BASE TABLE' and table_name not in ('kysely_migration', 'kysely_migration_lock')
        order by table_name`.execute(db);
      for (const { name } of rows) await noticeChangesOf(name).execute(db);
    },
  };
}

/** The trigger that tells every API process of a change to `table` (PostgreSQL; see above). */
export const noticeChangesOf = (table: string) =>
  sql.raw(`create trigger ${table}_changed after insert or update or delete or truncate on ${table}
    for each statement execute function visadesk_changed()`);
