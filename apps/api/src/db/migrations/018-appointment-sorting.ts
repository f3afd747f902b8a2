import { type Migration, sql } from "kysely";
import type { DialectName } from "../database";

/**
 * The appointments list sorts by its Customer, Consultant and Status columns too. The customer's email and
 * the consultant's name are read from their own tables, which an index on appointments cannot order by: the
 * appointment's copies of them (written at booking and on every edit) are brought up to date here and kept
 * so by triggers when an account's email or a consultant's name changes, and the sorts read indexes on the
 * copies. The status is the same expression the list derives it by (db/sorting.ts: appointmentStatusKey).
 */
const INDEXES = [
  "create index appointments_by_customer on appointments ((coalesce(user_email, '')), id)",
  "create index appointments_by_consultant_name on appointments ((coalesce(consultant_name, '')), id)",
  `create index appointments_by_status on appointments ((case when is_cancelled then 'Cancelled' when is_confirmed then 'Confirmed' else 'Pending' end), id)`,
];

export function appointmentSortingMigration(dialect: DialectName): Migration {
  return {
    async up(db) {
      await sql`update appointments set
        user_email = (select email from users where users.id = appointments.user_id),
        consultant_name = (select name from consultants where consultants.id = appointments.consultant_id)`.execute(
        db,
      );
      if (dialect === "postgres") {
        await sql
          .raw(`create function appointments_follow_customer() returns trigger language plpgsql as $$
            begin
              update appointments set user_email = new.email where user_id = new.id;
              return null;
            end
          $$`)
          .execute(db);
        await sql`create trigger appointments_follow_customer after update of email on users
          for each row when (old.email is distinct from new.email)
          execute function appointments_follow_customer()`.execute(db);
        await sql
          .raw(`create function appointments_follow_consultant() returns trigger language plpgsql as $$
            begin
              update appointments set consultant_name = new.name where consultant_id = new.id;
              return null;
            end
          $$`)
          .execute(db);
        await sql`create trigger appointments_follow_consultant after update of name on consultants
          for each row when (old.name is distinct from new.name)
          execute function appointments_follow_consultant()`.execute(db);
      } else {
        await sql`create trigger appointments_follow_customer after update of email on users
          when old.email is not new.email
          begin update appointments set user_email = new.email where user_id = new.id; end`.execute(db);
        await sql`create trigger appointments_follow_consultant after update of name on consultants
          when old.name is not new.name
          begin update appointments set consultant_name = new.name where consultant_id = new.id; end`.execute(
          db,
        );
      }
      for (const statement of INDEXES) await sql.raw(statement).execute(db);
    },
  };
}
