import { type Kysely, type Migration, sql } from "kysely";
import type { DialectName } from "../database";

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was, not today's types.
type AnyDb = Kysely<any>;

/**
 * The partial indexes' conditions. A query must state them in these words (not as bound parameters) for
 * SQLite to use the index, so the queries import them from here.
 */
export const APPOINTMENT_PENDING = {
  postgres: "not is_confirmed and not is_cancelled",
  sqlite: "is_confirmed = 0 and is_cancelled = 0",
} as const;
export const APPOINTMENT_UNPAID = {
  postgres: "is_confirmed and not is_paid and not is_cancelled",
  sqlite: "is_confirmed = 1 and is_paid = 0 and is_cancelled = 0",
} as const;
export const REGISTRATION_WAITING = "status = 'pending' and role <> 'AppUser' and deleted_at is null";

/**
 * tasks: a to-do of the back office, assigned to one internal user, optionally about one consultant, app
 * user or appointment (by its guid; the record may be deleted later, the task stays).
 * notification_reads: which notification a person has read. Notifications themselves are not stored: they
 * are derived from the data on each ask, and their ids are derived from their cause, so a mark outlives
 * the ask and applies again as long as the cause is there.
 * The appointments' indexes serve the dashboard and the notifications at any size: a start-time range
 * (today's, the next 24 hours, the last 12 weeks) and the few confirmed-but-unpaid past ones.
 */
export function tasksAndNotificationsMigration(dialect: DialectName): Migration {
  const pg = dialect === "postgres";
  const ts = pg ? "timestamptz" : "text";
  const bool = pg ? "boolean" : "integer";
  return {
    async up(db: AnyDb) {
      const table = db.schema.createTable("tasks");
      await (pg
        ? table.addColumn("id", "integer", (col) => col.primaryKey().generatedAlwaysAsIdentity())
        : table.addColumn("id", "integer", (col) => col.primaryKey().autoIncrement())
      )
        .addColumn("guid_id", "text", (col) => col.notNull().unique())
        .addColumn("title", "text", (col) => col.notNull())
        .addColumn("due_date", "text", (col) => col.notNull())
        .addColumn("notes", "text")
        .addColumn("assignee_id", "integer", (col) =>
          col.notNull().references("users.id").onDelete("cascade"),
        )
        .addColumn("created_by_id", "integer", (col) =>
          col.notNull().references("users.id").onDelete("cascade"),
        )
        .addColumn("entity", "text")
        .addColumn("entity_id", "text")
        .addColumn("is_done", bool, (col) => col.notNull().defaultTo(pg ? sql`false` : 0))
        .addColumn("done_at", ts)
        .addColumn("created_at", ts, (col) => col.notNull())
        .addColumn("updated_at", ts, (col) => col.notNull())
        .execute();
      // A person's tasks, open ones by due date (the earliest, overdue ones first).
      await sql`create index tasks_by_assignee on tasks (assignee_id, is_done, due_date, id)`.execute(db);
      await sql`create index tasks_by_record on tasks (entity, entity_id, is_done, due_date, id)`.execute(db);

      await db.schema
        .createTable("notification_reads")
        .addColumn("user_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
        .addColumn("notification_id", "text", (col) => col.notNull())
        .addColumn("read_at", ts, (col) => col.notNull())
        .addPrimaryKeyConstraint("notification_reads_pk", ["user_id", "notification_id"])
        .execute();

      // Covering: a week's counts by status are read from the index alone.
      await sql`create index appointments_by_start on appointments (starts_at, is_confirmed, is_cancelled, id)`.execute(
        db,
      );
      await sql
        .raw(
          `create index appointments_pending_by_start on appointments (starts_at, id) where ${APPOINTMENT_PENDING[dialect]}`,
        )
        .execute(db);
      await sql
        .raw(
          `create index appointments_unpaid_by_start on appointments (starts_at, id) where ${APPOINTMENT_UNPAID[dialect]}`,
        )
        .execute(db);
      await sql`create index appointment_reminders_failed on appointment_reminders (appointment_id) where state = 'failed'`.execute(
        db,
      );
      await sql
        .raw(`create index users_pending_internal on users (created_at, id) where ${REGISTRATION_WAITING}`)
        .execute(db);
    },
  };
}
