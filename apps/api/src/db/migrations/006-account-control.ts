import type { Migration } from "kysely";
import type { DialectName } from "../database";

/**
 * Account control: an Admin can suspend an internal account (suspended_at; its sessions end and it cannot
 * sign in until reactivated); an account created with a printed one-time password must choose its own
 * before anything else works (is_password_temporary); a session remembers the device and the address it
 * was started from, for the owner's list of active sessions.
 */
export function accountControlMigration(dialect: DialectName): Migration {
  const pg = dialect === "postgres";
  return {
    async up(db) {
      await db.schema
        .alterTable("users")
        .addColumn("suspended_at", pg ? "timestamptz" : "text")
        .execute();
      await db.schema
        .alterTable("users")
        .addColumn("is_password_temporary", "boolean", (col) => col.notNull().defaultTo(false))
        .execute();
      await db.schema.alterTable("sessions").addColumn("user_agent", "text").execute();
      await db.schema.alterTable("sessions").addColumn("address", "text").execute();
    },
  };
}
