// The history without its schemas (and so without zod): actions, record kinds, texts and limits the
// screens show. audit.ts adds the schemas.

import { TASK_ENTITIES } from "./tasks-constants";

export const auditMessages = {
  unknownAction: "Unknown action: use one of the actions the API documentation lists",
  unknownEntity: "Unknown entity: use one of the record kinds the API documentation lists",
  recordNeeded: "Give both entity and entityId to read one record's history",
  adminOnly: "Only an Admin may read this record's history",
  toBeforeFrom: "'to' must not be before 'from'",
  searchTooShort: "Type at least 2 characters to search",
  invalidDate: "Use an ISO 8601 date or date-time, e.g. 2026-01-31 or 2026-01-31T09:30:00Z",
  cursorInvalid: "This cursor is not one the history answered: start again from the first page",
} as const;

/** What an audit row records; other modules name their events with these words. */
export const AUDIT_ACTIONS = [
  "create",
  "update",
  "delete",
  "restore",
  "approve",
  "reject",
  "reopen",
  "confirm",
  "cancel",
  "remind",
  "bulk",
  "export",
  "sign-in",
  "sign-in-failed",
  "sign-out",
  "password-reset-requested",
  "password-reset",
  "view-cnic",
  "unlock",
  "task-create",
  "task-update",
  "task-complete",
  "task-reopen",
  "task-delete",
] as const;

/** The kinds of record the history names (entity). */
export const AUDIT_ENTITIES = [
  "user",
  "consultant",
  "appointment",
  "file",
  "session",
  "settings",
  "audit",
  "note",
  "task",
] as const;

/** What a password change, a token or any other secret is recorded as, instead of its value. */
export const AUDIT_SECRET_CHANGED = "changed";

/** The kinds of record a row can be about besides its own (a task's linked record). */
export const AUDIT_ABOUT_ENTITIES = TASK_ENTITIES;

/**
 * Which kind of account a row's account record is (the "user" it is about, or the one its note or task is
 * on): an app user has an edit page, an internal account (Admin or Staff) is found on the Internal Users list.
 */
export const AUDIT_ACCOUNT_KINDS = ["app-user", "internal"] as const;
export type AuditAccountKind = (typeof AUDIT_ACCOUNT_KINDS)[number];

/**
 * A search looks among this many of the newest rows the other filters match (a bounded read at any size of
 * the history): narrow by date to search further back.
 */
export const AUDIT_SEARCH_WINDOW = 10_000;

/** Where a page of the history ends: its last row's time and number, the next page starting after it. */
export interface AuditPosition {
  at: string;
  id: string;
}

/** A page's nextCursor: its last row's instant and number, "~" between them. */
export const auditCursorOf = (position: AuditPosition) => `${position.at}~${position.id}`;

/** The export's columns, in order. */
export const AUDIT_CSV_COLUMNS = [
  "id",
  "at",
  "actorGuidId",
  "actorName",
  "action",
  "entity",
  "entityId",
  "aboutEntity",
  "aboutEntityId",
  "subject",
  "changes",
  "requestId",
  "ip",
] as const;
