import { type Migration, sql } from "kysely";

/**
 * The record an audit row is about when its own record is another one: a task's rows are the task's
 * (entity "task"), and name here the consultant, app user or appointment the task was linked to at the
 * time, so that record's history keeps showing them after the task is deleted or moved elsewhere. The
 * subject is what the row's own record was called then (a task's title): it names the task in a line
 * without being listed as a change.
 *
 * Adding nullable columns rewrites no row, so the triggers refusing UPDATE and DELETE (migration 015) stay
 * as they are. Rows written before keep no link: their tasks' changes were written as rows of the record.
 * The index serves "rows about record X, newest first", as audit_log_record serves a record's own rows.
 */
export function auditAboutMigration(): Migration {
  return {
    async up(db) {
      await db.schema.alterTable("audit_log").addColumn("about_entity", "text").execute();
      await db.schema.alterTable("audit_log").addColumn("about_entity_id", "text").execute();
      await db.schema.alterTable("audit_log").addColumn("subject", "text").execute();
      await sql`create index audit_log_about on audit_log (about_entity, about_entity_id, at desc, id desc)`.execute(
        db,
      );
    },
  };
}
