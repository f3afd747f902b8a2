import type { Migration } from "kysely";
import type { DialectName } from "../database";

/**
 * cancellation_reason: why an appointment was cancelled, when the cancel said so. Deleting a consultant
 * may cancel their upcoming appointments; the reason is mailed to each customer and kept with the
 * appointment, so the list can say why and a later restore of the consultant can tell what stays cancelled.
 */
export function appointmentCancellationReasonMigration(_dialect: DialectName): Migration {
  return {
    async up(db) {
      await db.schema.alterTable("appointments").addColumn("cancellation_reason", "text").execute();
    },
  };
}
