import { type Kysely, type Migration, sql } from "kysely";
import type { DialectName } from "../database";
import { noticeChangesOf } from "./021-change-notices";

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was, not today's types.
type AnyDb = Kysely<any>;

/**
 * sign_ups: a customer's sign-up through the customer API, held apart from the accounts until its email is
 * proven with the mailed code (stored hashed, its wrong tries counted per code and per day). It reserves
 * nothing: no unique index, so anyone's later sign-up with the same username, email or CNIC is held too.
 * Unproven, it is removed once expires_at has passed.
 *
 * users_cnic_unique no longer covers an account whose CNIC is in conflict: a sign-up proven with a CNIC that
 * another account holds becomes an account with cnic_verification = 'conflict', a case for staff.
 */
export function signUpsMigration(dialect: DialectName): Migration {
  const pg = dialect === "postgres";
  const ts = pg ? "timestamptz" : "text";
  return {
    async up(db: AnyDb) {
      const table = db.schema.createTable("sign_ups");
      await (pg
        ? table.addColumn("id", "integer", (col) => col.primaryKey().generatedAlwaysAsIdentity())
        : table.addColumn("id", "integer", (col) => col.primaryKey().autoIncrement())
      )
        .addColumn("user_name", "text", (col) => col.notNull())
        .addColumn("email", "text", (col) => col.notNull())
        .addColumn("first_name", "text", (col) => col.notNull())
        .addColumn("last_name", "text", (col) => col.notNull())
        .addColumn("phone_number", "text", (col) => col.notNull())
        .addColumn("date_of_birth", "text", (col) => col.notNull())
        .addColumn("cnic", "text", (col) => col.notNull())
        .addColumn("address", "text", (col) => col.notNull())
        .addColumn("time_zone", "text", (col) => col.notNull())
        .addColumn("language", "text", (col) => col.notNull())
        .addColumn("password_hash", "text", (col) => col.notNull())
        // The live code: its hash, its end, when it was mailed, its wrong tries.
        .addColumn("code_hash", "text")
        .addColumn("code_expires_at", ts)
        .addColumn("code_sent_at", ts)
        .addColumn("code_failed_tries", "integer", (col) => col.notNull().defaultTo(0))
        // Wrong codes of the day that began at tries_since, whatever code they were meant for.
        .addColumn("tries_since", ts)
        .addColumn("tries_in_day", "integer", (col) => col.notNull().defaultTo(0))
        .addColumn("request_id", "text")
        .addColumn("ip", "text")
        .addColumn("created_at", ts, (col) => col.notNull())
        .addColumn("expires_at", ts, (col) => col.notNull())
        .execute();
      await sql`create index sign_ups_email on sign_ups (lower(email))`.execute(db);
      await sql`create index sign_ups_expiry on sign_ups (expires_at)`.execute(db);
      if (pg) await noticeChangesOf("sign_ups").execute(db);
      await sql`drop index users_cnic_unique`.execute(db);
      await sql`create unique index users_cnic_unique on users (cnic)
        where deleted_at is null and cnic is not null and (cnic_verification is null or cnic_verification <> 'conflict')`.execute(
        db,
      );
    },
  };
}
