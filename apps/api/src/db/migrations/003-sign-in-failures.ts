import { type Migration, sql } from "kysely";
import type { DialectName } from "../database";

/**
 * Failed sign-in attempts, one row per counted key ("account:<id>", "login:<typed name>" when there is no such
 * account, "address:<ip>"), so the lockout is a true sliding window that every API replica shares. Rows older
 * than the window are swept as new ones arrive.
 */
export function signInFailuresMigration(dialect: DialectName): Migration {
  const pg = dialect === "postgres";
  return {
    async up(db) {
      await db.schema
        .createTable("sign_in_failures")
        .addColumn("id", "integer", (col) =>
          pg ? col.primaryKey().generatedAlwaysAsIdentity() : col.primaryKey().autoIncrement(),
        )
        .addColumn("key", "text", (col) => col.notNull())
        .addColumn("failed_at", pg ? "timestamptz" : "text", (col) => col.notNull())
        .execute();
      await sql`create index sign_in_failures_key on sign_in_failures (key, failed_at)`.execute(db);
      await sql`create index sign_in_failures_failed_at on sign_in_failures (failed_at)`.execute(db);
    },
  };
}
