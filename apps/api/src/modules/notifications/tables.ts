import type {} from "kysely";
import type { Timestamp } from "#api/db/column-types";

/** The tables the notifications module owns (db/table-owners.ts): only it queries them. */
export interface NotificationsTables {
  notificationReads: NotificationReadsTable;
}

/** One person has read one notification; the id is derived from the notification's cause (migration 017). */
export interface NotificationReadsTable {
  userId: number;
  notificationId: string;
  readAt: Timestamp;
}
