import type { Migration } from "kysely";
import type { DialectName } from "../database";

/**
 * When the session last proved its owner again (password or code) besides signing in: changing its own
 * sign-in factors needs a proof of the last few minutes. Null: only the sign-in (created_at) counts.
 */
export function sessionReauthenticationMigration(dialect: DialectName): Migration {
  const ts = dialect === "postgres" ? "timestamptz" : "text";
  return {
    async up(db) {
      await db.schema.alterTable("sessions").addColumn("reauthenticated_at", ts).execute();
    },
  };
}
