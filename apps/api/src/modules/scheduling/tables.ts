import type { Generated, Insertable } from "kysely";
import type { Timestamp } from "#api/db/column-types";

/** The tables the scheduling module owns (db/table-owners.ts): only it queries them. */
export interface SchedulingTables {
  consultantTimeOff: ConsultantTimeOffTable;
}

/** Days a consultant is away, both dates inclusive, in the consultant's own calendar (migration 010). */
export interface ConsultantTimeOffTable {
  id: Generated<number>;
  guidId: string;
  consultantId: number;
  fromDate: string;
  toDate: string;
  reason: string | null;
  createdAt: Timestamp;
  createdBy: string | null;
}

export type NewTimeOffRow = Insertable<ConsultantTimeOffTable>;
