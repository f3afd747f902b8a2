import type { Generated } from "kysely";
import type { Timestamp } from "#api/db/column-types";

/** The tables the tasks module owns (db/table-owners.ts): only it queries them. */
export interface TasksTables {
  tasks: TasksTable;
}

/** A to-do of the back office (migration 017), about one record or none. */
export interface TasksTable {
  id: Generated<number>;
  guidId: string;
  title: string;
  /** Business-local date YYYY-MM-DD. */
  dueDate: string;
  notes: string | null;
  assigneeId: number;
  createdById: number;
  /** "consultant", "user" or "appointment", with that record's guid; both null for a task about nothing. */
  entity: string | null;
  entityId: string | null;
  isDone: Generated<boolean>;
  doneAt: Timestamp | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}
