import { type Migration, sql } from "kysely";
import type { DialectName } from "../database";

/**
 * Internal notes on a consultant, an app user or an appointment: who wrote what, when. A record's notes
 * are read newest first by the (entity, entity_id, created_at) index.
 */
export function notesMigration(dialect: DialectName): Migration {
  const pg = dialect === "postgres";
  return {
    async up(db) {
      await db.schema
        .createTable("notes")
        .addColumn("id", pg ? "bigint" : "integer", (col) =>
          pg ? col.primaryKey().generatedAlwaysAsIdentity() : col.primaryKey().autoIncrement(),
        )
        .addColumn("guid_id", "text", (col) => col.notNull().unique())
        .addColumn("entity", "text", (col) => col.notNull())
        .addColumn("entity_id", "text", (col) => col.notNull())
        .addColumn("text", "text", (col) => col.notNull())
        .addColumn("author_guid_id", "text", (col) => col.notNull())
        .addColumn("author_name", "text", (col) => col.notNull())
        .addColumn("created_at", pg ? "timestamptz" : "text", (col) => col.notNull())
        .addColumn("updated_at", pg ? "timestamptz" : "text", (col) => col.notNull())
        .execute();
      await sql`create index notes_record on notes (entity, entity_id, created_at desc, id desc)`.execute(db);
    },
  };
}
