import { type Migration, sql } from "kysely";
import type { DialectName } from "../database";
import { noticeChangesOf } from "./021-change-notices";

/**
 * The customer side: an app user's language, when their email was proven (a booking needs it) and where
 * the check of their CNIC stands (pending, verified, rejected; null: never asked); the
 * devices they signed in on (customer_sessions), each with its chain of refresh tokens, stored hashed; and
 * the emailed six-digit code that proves an address, stored hashed, with its failed tries counted.
 */
export function customerAccountsMigration(dialect: DialectName): Migration {
  const pg = dialect === "postgres";
  const ts = pg ? "timestamptz" : "text";
  return {
    async up(db) {
      await db.schema.alterTable("users").addColumn("language", "text").execute();
      await db.schema.alterTable("users").addColumn("email_verified_at", ts).execute();
      await db.schema.alterTable("users").addColumn("cnic_verification", "text").execute();
      await db.schema
        .createTable("customer_sessions")
        .addColumn("id", "text", (col) => col.primaryKey())
        .addColumn("user_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
        .addColumn("device_name", "text", (col) => col.notNull())
        .addColumn("created_at", ts, (col) => col.notNull())
        .addColumn("last_used_at", ts, (col) => col.notNull())
        .addColumn("expires_at", ts, (col) => col.notNull())
        .addColumn("revoked_at", ts)
        .addColumn("address", "text")
        .execute();
      await sql`create index customer_sessions_user on customer_sessions (user_id, created_at)`.execute(db);
      await db.schema
        .createTable("customer_refresh_tokens")
        .addColumn("token_hash", "text", (col) => col.primaryKey())
        .addColumn("session_id", "text", (col) =>
          col.notNull().references("customer_sessions.id").onDelete("cascade"),
        )
        .addColumn("created_at", ts, (col) => col.notNull())
        .addColumn("used_at", ts)
        .execute();
      await sql`create index customer_refresh_tokens_session on customer_refresh_tokens (session_id)`.execute(
        db,
      );
      await db.schema
        .createTable("email_codes")
        .addColumn("user_id", "integer", (col) => col.primaryKey().references("users.id").onDelete("cascade"))
        .addColumn("code_hash", "text", (col) => col.notNull())
        .addColumn("expires_at", ts, (col) => col.notNull())
        .addColumn("failed_tries", "integer", (col) => col.notNull().defaultTo(0))
        .addColumn("created_at", ts, (col) => col.notNull())
        .execute();
      if (pg) {
        for (const table of ["customer_sessions", "customer_refresh_tokens", "email_codes"]) {
          await noticeChangesOf(table).execute(db);
        }
      }
    },
  };
}
