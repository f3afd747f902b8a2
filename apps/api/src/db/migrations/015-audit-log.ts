import { type Migration, sql } from "kysely";
import type { DialectName } from "../database";

/** The message both engines refuse a change to an audit row with (tests and logs look for it). */
export const AUDIT_IMMUTABLE_MESSAGE = "audit_log rows are never changed or deleted";

/**
 * The audit history: one row per change, sign-in event or view of personal data, written in the
 * transaction of what it records. Rows are append-only: triggers on both engines refuse UPDATE and DELETE
 * (and TRUNCATE on PostgreSQL), so not even a bug in the product can rewrite the history.
 *
 * Indexes serve newest-first paging on its own and under each filter (a record's history, an actor, an
 * action); the id breaks ties between rows of the same instant.
 */
export function auditLogMigration(dialect: DialectName): Migration {
  const pg = dialect === "postgres";
  return {
    async up(db) {
      await db.schema
        .createTable("audit_log")
        .addColumn("id", pg ? "bigint" : "integer", (col) =>
          pg ? col.primaryKey().generatedAlwaysAsIdentity() : col.primaryKey().autoIncrement(),
        )
        .addColumn("at", pg ? "timestamptz" : "text", (col) => col.notNull())
        .addColumn("actor_guid_id", "text")
        .addColumn("actor_name", "text")
        .addColumn("action", "text", (col) => col.notNull())
        .addColumn("entity", "text", (col) => col.notNull())
        .addColumn("entity_id", "text")
        // JSON text { field: { from, to } }: the same on both engines, written once and read back whole.
        .addColumn("changes", "text", (col) => col.notNull().defaultTo("{}"))
        .addColumn("request_id", "text")
        .addColumn("ip", "text")
        .execute();
      await sql`create index audit_log_at on audit_log (at desc, id desc)`.execute(db);
      await sql`create index audit_log_record on audit_log (entity, entity_id, at desc, id desc)`.execute(db);
      await sql`create index audit_log_actor on audit_log (actor_guid_id, at desc, id desc)`.execute(db);
      await sql`create index audit_log_action on audit_log (action, at desc, id desc)`.execute(db);

      if (pg) {
        await sql
          .raw(`create function audit_log_refuse_change() returns trigger language plpgsql as $$
            begin
              raise exception '${AUDIT_IMMUTABLE_MESSAGE}' using errcode = 'insufficient_privilege';
            end
          $$`)
          .execute(db);
        await sql`create trigger audit_log_immutable before update or delete on audit_log
          for each row execute function audit_log_refuse_change()`.execute(db);
        await sql`create trigger audit_log_no_truncate before truncate on audit_log
          for each statement execute function audit_log_refuse_change()`.execute(db);
      } else {
        for (const event of ["update", "delete"]) {
          await sql
            .raw(`create trigger audit_log_no_${event} before ${event} on audit_log
              begin select raise(abort, '${AUDIT_IMMUTABLE_MESSAGE}'); end`)
            .execute(db);
        }
      }
    },
  };
}
