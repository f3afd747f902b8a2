import type { ColumnType } from "kysely";
import type { Timestamp } from "#api/db/column-types";

/** The tables the audit module owns (db/table-owners.ts): only it queries them. */
export interface AuditTables {
  auditLog: AuditLogTable;
}

/**
 * One audited event (migration 015): append-only, the database refuses UPDATE and DELETE. `changes` is JSON
 * text { field: { from, to } } holding only the fields that changed, never a secret.
 */
export interface AuditLogTable {
  /** bigint on PostgreSQL, answered as text. */
  id: ColumnType<number | string, never, never>;
  at: Timestamp;
  actorGuidId: string | null;
  actorName: string | null;
  action: string;
  entity: string;
  entityId: string | null;
  /** The record the row's own record was linked to when it was written (a task's record; migration 020). */
  aboutEntity: string | null;
  aboutEntityId: string | null;
  /** What the row's own record was called when it was written (a task's title), not a change. */
  subject: string | null;
  changes: string;
  requestId: string | null;
  ip: string | null;
}
