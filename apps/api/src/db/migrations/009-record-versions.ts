import type { Migration } from "kysely";
import type { DialectName } from "../database";

/**
 * version: the optimistic-concurrency counter of every record the screens edit (consultants, their timings
 * and addresses, users, appointments). An update names the version it was based on in its WHERE and adds
 * one, so of two saves from the same version exactly one changes the row; the other is told (409).
 * Unlike consultants.revision (migration 002, moved by triggers on any change to a consultant or its
 * records, for the detail cache), a record's version moves only when the application changes that record's
 * own editable fields. Existing rows start at 1.
 */
export function recordVersionsMigration(_dialect: DialectName): Migration {
  return {
    async up(db) {
      for (const table of [
        "consultants",
        "consultant_timings",
        "consultant_addresses",
        "users",
        "appointments",
      ]) {
        await db.schema
          .alterTable(table)
          .addColumn("version", "integer", (col) => col.notNull().defaultTo(1))
          .execute();
      }
    },
  };
}
