import { type Migration, sql } from "kysely";
import type { DialectName } from "../database";

/**
 * row_counts: the counts every screen shows (dashboard cards, list totals without a filter), kept by the
 * database itself in the transaction of each change, so reading one is a primary-key lookup at any size.
 *
 * - `consultants`: consultants not deleted.
 * - `users.AppUser` / `users.internal`: listed accounts (not deleted, not rejected) by the two screens.
 * - `appointments`: every appointment row.
 * - `app_users_created:YYYY-MM-DD`: listed AppUser accounts by the UTC day they were created, so the
 *   accounts of a month are a sum of at most 31 rows.
 *
 * SQLite fires row triggers (an upsert per changed row). PostgreSQL fires one statement trigger per
 * statement over its transition tables, so a bulk insert moves each counter once, not once per row.
 */
export function rowCountsMigration(dialect: DialectName): Migration {
  const pg = dialect === "postgres";
  return {
    async up(db) {
      await db.schema
        .createTable("row_counts")
        .addColumn("name", "text", (col) => col.primaryKey())
        .addColumn("value", "bigint", (col) => col.notNull())
        // SQLite: the name is the key the rows are stored by, so every read is a primary-key search.
        .$call((table) => (pg ? table : table.modifyEnd(sql`without rowid`)))
        .execute();
      // Counts the accounts created on the month's first, partly counted, day. Its condition is written
      // so that no list query (status <> 'rejected') can use it, or a planner might walk it for a list.
      await sql`create index users_app_created on users (created_at)
        where role = 'AppUser' and status in ('active', 'pending') and deleted_at is null`.execute(db);

      const day = pg
        ? (row: string) => `to_char(${row}.created_at at time zone 'UTC', 'YYYY-MM-DD')`
        : (row: string) => `substr(${row}.created_at, 1, 10)`;
      const listed = (row: string) => `${row}.deleted_at is null and ${row}.status <> 'rejected'`;
      const roleKey = (row: string) =>
        `case when ${row}.role = 'AppUser' then 'users.AppUser' else 'users.internal' end`;
      /** Every counter one users row adds to, as (name, 1) rows: none when the account is not listed. */
      const userKeys = (row: string, from: string) =>
        `select ${roleKey(row)} as name from ${from} where ${listed(row)}
         union all select 'app_users_created:' || ${day(row)} from ${from}
           where ${listed(row)} and ${row}.role = 'AppUser'`;

      await sql
        .raw(`insert into row_counts (name, value)
          select 'consultants', count(*) from consultants where deleted_at is null
          union all select 'appointments', count(*) from appointments
          union all select 'users.AppUser', 0 union all select 'users.internal', 0`)
        .execute(db);
      await sql
        .raw(`update row_counts set value = (select count(*) from (${userKeys("u", "users u")}) k
          where k.name = row_counts.name) where name like 'users.%'`)
        .execute(db);
      await sql
        .raw(`insert into row_counts (name, value)
          select name, count(*) from (${userKeys("u", "users u")}) k
          where name like 'app_users_created:%' group by name`)
        .execute(db);

      if (pg) {
        // One function per table; each statement reads only the transition tables its event has.
        const counted = {
          consultants: (rows: string) =>
            `select 'consultants' as name from ${rows} r where r.deleted_at is null`,
          appointments: (rows: string) => `select 'appointments' as name from ${rows} r`,
          users: (rows: string) => userKeys("r", `${rows} r`),
        };
        for (const [table, keys] of Object.entries(counted)) {
          // A statement may only name the transition tables its event has: one branch per event.
          const move = (parts: string) => `insert into row_counts as c (name, value)
                select name, sum(delta) from (${parts}) moves group by name having sum(delta) <> 0
                on conflict (name) do update set value = c.value + excluded.value;`;
          const added = `select name, 1 as delta from (${keys("new_rows")}) added`;
          const removed = `select name, -1 as delta from (${keys("old_rows")}) removed`;
          await sql
            .raw(`create function ${table}_row_counts() returns trigger language plpgsql as $$
              begin
                if tg_op = 'INSERT' then ${move(added)}
                elsif tg_op = 'DELETE' then ${move(removed)}
                else ${move(`${added} union all ${removed}`)}
                end if;
                return null;
              end $$`)
            .execute(db);
          for (const [event, tables] of [
            ["insert", "new table as new_rows"],
            ["update", "old table as old_rows new table as new_rows"],
            ["delete", "old table as old_rows"],
          ] as const) {
            if (table === "appointments" && event === "update") continue;
            await sql
              .raw(`create trigger ${table}_row_counts_${event} after ${event} on ${table}
                referencing ${tables} for each statement execute function ${table}_row_counts()`)
              .execute(db);
          }
        }
        return;
      }

      // SQLite: a trigger body cannot read a transition table, so each row moves its own counters.
      const upsert = (keys: string, delta: 1 | -1) =>
        `insert into row_counts (name, value) select name, ${delta} from (${keys}) where true
         on conflict (name) do update set value = value + excluded.value;`;
      const consultantKeys = (row: string) => `select 'consultants' as name where ${row}.deleted_at is null`;
      const userRowKeys = (row: string) =>
        `select ${roleKey(row)} as name where ${listed(row)}
         union all select 'app_users_created:' || ${day(row)} where ${listed(row)} and ${row}.role = 'AppUser'`;
      await sql
        .raw(`create trigger consultants_row_counts_insert after insert on consultants
          when new.deleted_at is null begin ${upsert(consultantKeys("new"), 1)} end`)
        .execute(db);
      await sql
        .raw(`create trigger consultants_row_counts_delete after delete on consultants
          when old.deleted_at is null begin ${upsert(consultantKeys("old"), -1)} end`)
        .execute(db);
      await sql
        .raw(`create trigger consultants_row_counts_update after update of deleted_at on consultants
          when (old.deleted_at is null) <> (new.deleted_at is null) begin
            ${upsert(consultantKeys("old"), -1)} ${upsert(consultantKeys("new"), 1)} end`)
        .execute(db);
      await sql
        .raw(`create trigger users_row_counts_insert after insert on users
          when ${listed("new")} begin ${upsert(userRowKeys("new"), 1)} end`)
        .execute(db);
      await sql
        .raw(`create trigger users_row_counts_delete after delete on users
          when ${listed("old")} begin ${upsert(userRowKeys("old"), -1)} end`)
        .execute(db);
      await sql
        .raw(`create trigger users_row_counts_update after update of deleted_at, status, role, created_at on users
          when (${listed("old")}) or (${listed("new")}) begin
            ${upsert(userRowKeys("old"), -1)} ${upsert(userRowKeys("new"), 1)} end`)
        .execute(db);
      await sql
        .raw(`create trigger appointments_row_counts_insert after insert on appointments begin
          ${upsert("select 'appointments' as name", 1)} end`)
        .execute(db);
      await sql
        .raw(`create trigger appointments_row_counts_delete after delete on appointments begin
          ${upsert("select 'appointments' as name", -1)} end`)
        .execute(db);
    },
  };
}
