import type { Kysely, Migration } from "kysely";
import type { DialectName } from "../database";

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was, not today's types.
type AnyDb = Kysely<any>;

/**
 * An account's email code (an app user staff added, or one made before sign-ups were held apart) counts its
 * wrong tries per day as a sign-up's do (migration 028): the day that began at tries_since, whatever codes
 * they were meant for, so a new code no longer gives more guesses.
 */
export function emailCodeDayMigration(dialect: DialectName): Migration {
  const ts = dialect === "postgres" ? "timestamptz" : "text";
  return {
    async up(db: AnyDb) {
      await db.schema.alterTable("email_codes").addColumn("tries_since", ts).execute();
      await db.schema
        .alterTable("email_codes")
        .addColumn("tries_in_day", "integer", (col) => col.notNull().defaultTo(0))
        .execute();
    },
  };
}
