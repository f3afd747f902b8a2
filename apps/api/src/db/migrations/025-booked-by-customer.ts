import { type Migration, sql } from "kysely";
import type { DialectName } from "../database";

/**
 * is_booked_by_customer: the customer booked it themselves (the customer API), not staff for them. The
 * back-office marks such appointments and tells staff of each new one until it is confirmed or cancelled.
 */
export function bookedByCustomerMigration(dialect: DialectName): Migration {
  const pg = dialect === "postgres";
  return {
    async up(db) {
      await db.schema
        .alterTable("appointments")
        .addColumn("is_booked_by_customer", pg ? "boolean" : "integer", (column) =>
          column.notNull().defaultTo(pg ? sql`false` : 0),
        )
        .execute();
      // The bell's "New booking from …": the open ones (neither confirmed nor cancelled), newest first.
      await db.schema
        .createIndex("appointments_customer_bookings")
        .on("appointments")
        .columns(["is_booked_by_customer", "is_confirmed", "is_cancelled", "created_at"])
        .execute();
    },
  };
}
