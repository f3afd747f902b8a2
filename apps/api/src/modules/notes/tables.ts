import type { ColumnType } from "kysely";
import type { Timestamp } from "#api/db/column-types";

/** The tables the notes module owns (db/table-owners.ts): only it queries them. */
export interface NotesTables {
  notes: NotesTable;
}

/** An internal note on a record (migration 016). */
export interface NotesTable {
  /** bigint on PostgreSQL, answered as text. */
  id: ColumnType<number | string, never, never>;
  guidId: string;
  entity: string;
  entityId: string;
  text: string;
  authorGuidId: string;
  authorName: string;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}
