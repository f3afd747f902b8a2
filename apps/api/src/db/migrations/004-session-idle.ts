import { type Migration, sql } from "kysely";
import type { DialectName } from "../database";

/**
 * Sessions remember when they were last used, so the server can end one left idle for 30 minutes.
 * Sessions issued before this migration count as last used when they were created.
 */
export function sessionIdleMigration(dialect: DialectName): Migration {
  const ts = dialect === "postgres" ? "timestamptz" : "text";
  return {
    async up(db) {
      await db.schema.alterTable("sessions").addColumn("last_seen_at", ts).execute();
      await sql`update sessions set last_seen_at = created_at`.execute(db);
    },
  };
}
