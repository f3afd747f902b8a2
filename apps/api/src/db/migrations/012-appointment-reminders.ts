import { type Kysely, type Migration, sql } from "kysely";
import type { DialectName } from "../database";

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was, not today's types.
type AnyDb = Kysely<any>;

/**
 * appointment_reminders: one row per automatic reminder of a confirmed appointment (REMINDER_HOURS_BEFORE).
 * A worker claims a due row by a conditional UPDATE of its lease, so with several API processes on one
 * database each reminder is mailed by one of them; the row keeps its tries, when to try again and, once it
 * is given up, why. Rows go with their appointment (on delete cascade).
 */
export function appointmentRemindersMigration(dialect: DialectName): Migration {
  const pg = dialect === "postgres";
  const ts = pg ? "timestamptz" : "text";
  return {
    async up(db: AnyDb) {
      const table = db.schema.createTable("appointment_reminders");
      await (pg
        ? table.addColumn("id", "integer", (col) => col.primaryKey().generatedAlwaysAsIdentity())
        : table.addColumn("id", "integer", (col) => col.primaryKey().autoIncrement())
      )
        .addColumn("appointment_id", "integer", (col) =>
          col.notNull().references("appointments.id").onDelete("cascade"),
        )
        .addColumn("hours_before", "integer", (col) => col.notNull())
        .addColumn("due_at", ts, (col) => col.notNull())
        .addColumn("state", "text", (col) => col.notNull().defaultTo("scheduled"))
        .addColumn("attempts", "integer", (col) => col.notNull().defaultTo(0))
        .addColumn("next_attempt_at", ts, (col) => col.notNull())
        .addColumn("lease_until", ts)
        .addColumn("sent_at", ts)
        .addColumn("failure_reason", "text")
        .addColumn("created_at", ts, (col) => col.notNull())
        .addUniqueConstraint("appointment_reminders_once", ["appointment_id", "hours_before"])
        .execute();
      // The worker's question: which scheduled reminders are due to be tried now.
      await sql`create index appointment_reminders_due on appointment_reminders (next_attempt_at) where state = 'scheduled'`.execute(
        db,
      );
    },
  };
}
